; ModuleID = 'lutf8lib.c'
source_filename = "lutf8lib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.luaL_Reg = type { i8*, i32 (%struct.lua_State*)* }
%struct.lua_State = type opaque
%struct.luaL_Buffer = type { i8*, i64, i64, %struct.lua_State*, %union.anon }
%union.anon = type { double, [1016 x i8] }

@funcs = internal constant [7 x %struct.luaL_Reg] [%struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.2, i32 0, i32 0), i32 (%struct.lua_State*)* @byteoffset }, %struct.luaL_Reg { i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.3, i32 0, i32 0), i32 (%struct.lua_State*)* @codepoint }, %struct.luaL_Reg { i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.4, i32 0, i32 0), i32 (%struct.lua_State*)* @utfchar }, %struct.luaL_Reg { i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.5, i32 0, i32 0), i32 (%struct.lua_State*)* @utflen }, %struct.luaL_Reg { i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.6, i32 0, i32 0), i32 (%struct.lua_State*)* @iter_codes }, %struct.luaL_Reg { i8* getelementptr inbounds ([12 x i8], [12 x i8]* @.str.1, i32 0, i32 0), i32 (%struct.lua_State*)* null }, %struct.luaL_Reg zeroinitializer], align 16
@.str = private unnamed_addr constant [15 x i8] c"[\00-\7F\C2-\FD][\80-\BF]*\00", align 1
@.str.1 = private unnamed_addr constant [12 x i8] c"charpattern\00", align 1
@.str.2 = private unnamed_addr constant [7 x i8] c"offset\00", align 1
@.str.3 = private unnamed_addr constant [10 x i8] c"codepoint\00", align 1
@.str.4 = private unnamed_addr constant [5 x i8] c"char\00", align 1
@.str.5 = private unnamed_addr constant [4 x i8] c"len\00", align 1
@.str.6 = private unnamed_addr constant [6 x i8] c"codes\00", align 1
@.str.7 = private unnamed_addr constant [23 x i8] c"position out of bounds\00", align 1
@.str.8 = private unnamed_addr constant [40 x i8] c"initial position is a continuation byte\00", align 1
@.str.9 = private unnamed_addr constant [14 x i8] c"out of bounds\00", align 1
@.str.10 = private unnamed_addr constant [22 x i8] c"string slice too long\00", align 1
@.str.11 = private unnamed_addr constant [19 x i8] c"invalid UTF-8 code\00", align 1
@utf8_decode.limits = internal unnamed_addr constant [6 x i32] [i32 -1, i32 128, i32 2048, i32 65536, i32 2097152, i32 67108864], align 16
@.str.12 = private unnamed_addr constant [19 x i8] c"value out of range\00", align 1
@.str.13 = private unnamed_addr constant [3 x i8] c"%U\00", align 1
@.str.14 = private unnamed_addr constant [31 x i8] c"initial position out of bounds\00", align 1
@.str.15 = private unnamed_addr constant [29 x i8] c"final position out of bounds\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @luaopen_utf8(%struct.lua_State* noundef %0) local_unnamed_addr #0 {
  tail call void @luaL_checkversion_(%struct.lua_State* noundef %0, double noundef 5.040000e+02, i64 noundef 136) #3
  tail call void @lua_createtable(%struct.lua_State* noundef %0, i32 noundef 0, i32 noundef 6) #3
  tail call void @luaL_setfuncs(%struct.lua_State* noundef %0, %struct.luaL_Reg* noundef getelementptr inbounds ([7 x %struct.luaL_Reg], [7 x %struct.luaL_Reg]* @funcs, i64 0, i64 0), i32 noundef 0) #3
  %2 = tail call i8* @lua_pushlstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([15 x i8], [15 x i8]* @.str, i64 0, i64 0), i64 noundef 14) #3
  tail call void @lua_setfield(%struct.lua_State* noundef %0, i32 noundef -2, i8* noundef getelementptr inbounds ([12 x i8], [12 x i8]* @.str.1, i64 0, i64 0)) #3
  ret i32 1
}

declare void @luaL_checkversion_(%struct.lua_State* noundef, double noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_createtable(%struct.lua_State* noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

declare void @luaL_setfuncs(%struct.lua_State* noundef, %struct.luaL_Reg* noundef, i32 noundef) local_unnamed_addr #1

declare i8* @lua_pushlstring(%struct.lua_State* noundef, i8* noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_setfield(%struct.lua_State* noundef, i32 noundef, i8* noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define internal i32 @byteoffset(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i64, align 8
  %3 = bitcast i64* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %3) #3
  %4 = call i8* @luaL_checklstring(%struct.lua_State* noundef %0, i32 noundef 1, i64* noundef nonnull %2) #3
  %5 = call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 2) #3
  %6 = icmp sgt i64 %5, -1
  %7 = load i64, i64* %2, align 8
  %8 = add i64 %7, 1
  %9 = select i1 %6, i64 1, i64 %8
  %10 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 3, i64 noundef %9) #3
  %11 = load i64, i64* %2, align 8, !tbaa !5
  %12 = icmp sgt i64 %10, -1
  br i1 %12, label %19, label %13

13:                                               ; preds = %1
  %14 = sub i64 0, %10
  %15 = icmp ult i64 %11, %14
  br i1 %15, label %26, label %16

16:                                               ; preds = %13
  %17 = add nsw i64 %10, 1
  %18 = add i64 %17, %11
  br label %19

19:                                               ; preds = %1, %16
  %20 = phi i64 [ %18, %16 ], [ %10, %1 ]
  %21 = icmp sgt i64 %20, 0
  %22 = add nsw i64 %20, -1
  %23 = icmp sle i64 %22, %11
  %24 = select i1 %21, i64 %22, i64 %20
  %25 = select i1 %21, i1 %23, i1 false
  br i1 %25, label %29, label %26, !prof !9

26:                                               ; preds = %13, %19
  %27 = phi i64 [ %24, %19 ], [ 0, %13 ]
  %28 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 3, i8* noundef getelementptr inbounds ([23 x i8], [23 x i8]* @.str.7, i64 0, i64 0)) #3
  br label %29

29:                                               ; preds = %26, %19
  %30 = phi i64 [ %27, %26 ], [ %24, %19 ]
  %31 = icmp eq i64 %5, 0
  br i1 %31, label %32, label %43

32:                                               ; preds = %29
  %33 = icmp sgt i64 %30, 0
  br i1 %33, label %34, label %98

34:                                               ; preds = %32, %40
  %35 = phi i64 [ %41, %40 ], [ %30, %32 ]
  %36 = getelementptr inbounds i8, i8* %4, i64 %35
  %37 = load i8, i8* %36, align 1, !tbaa !10
  %38 = and i8 %37, -64
  %39 = icmp eq i8 %38, -128
  br i1 %39, label %40, label %98

40:                                               ; preds = %34
  %41 = add nsw i64 %35, -1
  %42 = icmp sgt i64 %35, 1
  br i1 %42, label %34, label %98, !llvm.loop !11

43:                                               ; preds = %29
  %44 = getelementptr inbounds i8, i8* %4, i64 %30
  %45 = load i8, i8* %44, align 1, !tbaa !10
  %46 = and i8 %45, -64
  %47 = icmp eq i8 %46, -128
  br i1 %47, label %48, label %50

48:                                               ; preds = %43
  %49 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([40 x i8], [40 x i8]* @.str.8, i64 0, i64 0)) #3
  br label %102

50:                                               ; preds = %43
  %51 = icmp slt i64 %5, 0
  br i1 %51, label %58, label %52

52:                                               ; preds = %50
  %53 = load i64, i64* %2, align 8
  %54 = add nsw i64 %5, -1
  %55 = icmp ugt i64 %5, 1
  %56 = icmp slt i64 %30, %53
  %57 = select i1 %55, i1 %56, i1 false
  br i1 %57, label %84, label %94

58:                                               ; preds = %50
  %59 = icmp sgt i64 %30, 0
  br i1 %59, label %60, label %101

60:                                               ; preds = %58, %74
  %61 = phi i64 [ %65, %74 ], [ %30, %58 ]
  %62 = phi i64 [ %75, %74 ], [ %5, %58 ]
  br label %63

63:                                               ; preds = %60, %69
  %64 = phi i64 [ %65, %69 ], [ %61, %60 ]
  %65 = add nsw i64 %64, -1
  %66 = icmp ugt i64 %64, 1
  br i1 %66, label %69, label %67

67:                                               ; preds = %63
  %68 = add nsw i64 %62, 1
  br label %94

69:                                               ; preds = %63
  %70 = getelementptr inbounds i8, i8* %4, i64 %65
  %71 = load i8, i8* %70, align 1, !tbaa !10
  %72 = and i8 %71, -64
  %73 = icmp eq i8 %72, -128
  br i1 %73, label %63, label %74, !llvm.loop !13

74:                                               ; preds = %69
  %75 = add nsw i64 %62, 1
  %76 = icmp slt i64 %62, -1
  %77 = icmp sgt i64 %64, 1
  %78 = select i1 %76, i1 %77, i1 false
  br i1 %78, label %60, label %94, !llvm.loop !14

79:                                               ; preds = %87
  %80 = add nsw i64 %85, -1
  %81 = icmp sgt i64 %85, 1
  %82 = icmp slt i64 %89, %53
  %83 = select i1 %81, i1 %82, i1 false
  br i1 %83, label %84, label %94, !llvm.loop !15

84:                                               ; preds = %52, %79
  %85 = phi i64 [ %80, %79 ], [ %54, %52 ]
  %86 = phi i64 [ %89, %79 ], [ %30, %52 ]
  br label %87

87:                                               ; preds = %84, %87
  %88 = phi i64 [ %89, %87 ], [ %86, %84 ]
  %89 = add nsw i64 %88, 1
  %90 = getelementptr inbounds i8, i8* %4, i64 %89
  %91 = load i8, i8* %90, align 1, !tbaa !10
  %92 = and i8 %91, -64
  %93 = icmp eq i8 %92, -128
  br i1 %93, label %87, label %79

94:                                               ; preds = %79, %74, %67, %52
  %95 = phi i64 [ %54, %52 ], [ %68, %67 ], [ %75, %74 ], [ %80, %79 ]
  %96 = phi i64 [ %30, %52 ], [ 0, %67 ], [ %65, %74 ], [ %89, %79 ]
  %97 = icmp eq i64 %95, 0
  br i1 %97, label %98, label %101

98:                                               ; preds = %40, %34, %32, %94
  %99 = phi i64 [ %96, %94 ], [ %30, %32 ], [ 0, %40 ], [ %35, %34 ]
  %100 = add nsw i64 %99, 1
  call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %100) #3
  br label %102

101:                                              ; preds = %58, %94
  call void @lua_pushnil(%struct.lua_State* noundef %0) #3
  br label %102

102:                                              ; preds = %98, %101, %48
  %103 = phi i32 [ %49, %48 ], [ 1, %101 ], [ 1, %98 ]
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %3) #3
  ret i32 %103
}

; Function Attrs: nounwind uwtable
define internal i32 @codepoint(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i64, align 8
  %3 = bitcast i64* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %3) #3
  %4 = call i8* @luaL_checklstring(%struct.lua_State* noundef %0, i32 noundef 1, i64* noundef nonnull %2) #3
  %5 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 2, i64 noundef 1) #3
  %6 = load i64, i64* %2, align 8, !tbaa !5
  %7 = icmp sgt i64 %5, -1
  br i1 %7, label %14, label %8

8:                                                ; preds = %1
  %9 = sub i64 0, %5
  %10 = icmp ult i64 %6, %9
  br i1 %10, label %14, label %11

11:                                               ; preds = %8
  %12 = add nsw i64 %5, 1
  %13 = add i64 %12, %6
  br label %14

14:                                               ; preds = %1, %8, %11
  %15 = phi i64 [ %13, %11 ], [ %5, %1 ], [ 0, %8 ]
  %16 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 3, i64 noundef %15) #3
  %17 = load i64, i64* %2, align 8, !tbaa !5
  %18 = icmp sgt i64 %16, -1
  br i1 %18, label %25, label %19

19:                                               ; preds = %14
  %20 = sub i64 0, %16
  %21 = icmp ult i64 %17, %20
  br i1 %21, label %25, label %22

22:                                               ; preds = %19
  %23 = add nsw i64 %16, 1
  %24 = add i64 %23, %17
  br label %25

25:                                               ; preds = %14, %19, %22
  %26 = phi i64 [ %24, %22 ], [ %16, %14 ], [ 0, %19 ]
  %27 = call i32 @lua_toboolean(%struct.lua_State* noundef %0, i32 noundef 4) #3
  %28 = icmp sgt i64 %15, 0
  br i1 %28, label %31, label %29, !prof !9

29:                                               ; preds = %25
  %30 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 2, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.9, i64 0, i64 0)) #3
  br label %31

31:                                               ; preds = %29, %25
  %32 = load i64, i64* %2, align 8, !tbaa !5
  %33 = icmp sgt i64 %26, %32
  br i1 %33, label %34, label %36, !prof !16

34:                                               ; preds = %31
  %35 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 3, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.9, i64 0, i64 0)) #3
  br label %36

36:                                               ; preds = %34, %31
  %37 = icmp slt i64 %26, %15
  br i1 %37, label %110, label %38

38:                                               ; preds = %36
  %39 = sub nsw i64 %26, %15
  %40 = icmp sgt i64 %39, 2147483646
  br i1 %40, label %107, label %41

41:                                               ; preds = %38
  %42 = trunc i64 %39 to i32
  %43 = add nsw i32 %42, 1
  call void @luaL_checkstack(%struct.lua_State* noundef %0, i32 noundef %43, i8* noundef getelementptr inbounds ([22 x i8], [22 x i8]* @.str.10, i64 0, i64 0)) #3
  %44 = getelementptr inbounds i8, i8* %4, i64 %26
  %45 = add nsw i64 %15, -1
  %46 = getelementptr inbounds i8, i8* %4, i64 %45
  %47 = icmp eq i32 %27, 0
  br label %48

48:                                               ; preds = %41, %102
  %49 = phi i32 [ 0, %41 ], [ %105, %102 ]
  %50 = phi i8* [ %46, %41 ], [ %103, %102 ]
  %51 = load i8, i8* %50, align 1, !tbaa !10
  %52 = zext i8 %51 to i32
  %53 = icmp sgt i8 %51, -1
  br i1 %53, label %94, label %54

54:                                               ; preds = %48
  %55 = and i32 %52, 64
  %56 = icmp eq i32 %55, 0
  br i1 %56, label %76, label %57

57:                                               ; preds = %54, %67
  %58 = phi i64 [ %61, %67 ], [ 0, %54 ]
  %59 = phi i32 [ %70, %67 ], [ 0, %54 ]
  %60 = phi i32 [ %71, %67 ], [ %52, %54 ]
  %61 = add nuw nsw i64 %58, 1
  %62 = getelementptr inbounds i8, i8* %50, i64 %61
  %63 = load i8, i8* %62, align 1, !tbaa !10
  %64 = zext i8 %63 to i32
  %65 = and i32 %64, 192
  %66 = icmp eq i32 %65, 128
  br i1 %66, label %67, label %107

67:                                               ; preds = %57
  %68 = shl i32 %59, 6
  %69 = and i32 %64, 63
  %70 = or i32 %69, %68
  %71 = shl i32 %60, 1
  %72 = and i32 %60, 32
  %73 = icmp eq i32 %72, 0
  br i1 %73, label %74, label %57, !llvm.loop !17

74:                                               ; preds = %67
  %75 = trunc i64 %61 to i32
  br label %76

76:                                               ; preds = %74, %54
  %77 = phi i32 [ %52, %54 ], [ %71, %74 ]
  %78 = phi i32 [ 0, %54 ], [ %70, %74 ]
  %79 = phi i32 [ 0, %54 ], [ %75, %74 ]
  %80 = and i32 %77, 127
  %81 = mul nsw i32 %79, 5
  %82 = shl i32 %80, %81
  %83 = or i32 %82, %78
  %84 = icmp ugt i32 %79, 5
  %85 = icmp slt i32 %83, 0
  %86 = select i1 %84, i1 true, i1 %85
  br i1 %86, label %107, label %87

87:                                               ; preds = %76
  %88 = zext i32 %79 to i64
  %89 = getelementptr inbounds [6 x i32], [6 x i32]* @utf8_decode.limits, i64 0, i64 %88
  %90 = load i32, i32* %89, align 4, !tbaa !18
  %91 = icmp ult i32 %83, %90
  %92 = select i1 %91, i64 0, i64 %88
  %93 = getelementptr i8, i8* %50, i64 %92
  br i1 %91, label %107, label %94

94:                                               ; preds = %87, %48
  %95 = phi i8* [ %93, %87 ], [ %50, %48 ]
  %96 = phi i32 [ %83, %87 ], [ %52, %48 ]
  br i1 %47, label %97, label %102

97:                                               ; preds = %94
  %98 = icmp ugt i32 %96, 1114111
  %99 = and i32 %96, -2048
  %100 = icmp eq i32 %99, 55296
  %101 = or i1 %98, %100
  br i1 %101, label %107, label %102

102:                                              ; preds = %94, %97
  %103 = getelementptr inbounds i8, i8* %95, i64 1
  %104 = zext i32 %96 to i64
  call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %104) #3
  %105 = add nuw nsw i32 %49, 1
  %106 = icmp ult i8* %103, %44
  br i1 %106, label %48, label %110, !llvm.loop !20

107:                                              ; preds = %87, %97, %76, %57, %38
  %108 = phi i8* [ getelementptr inbounds ([22 x i8], [22 x i8]* @.str.10, i64 0, i64 0), %38 ], [ getelementptr inbounds ([19 x i8], [19 x i8]* @.str.11, i64 0, i64 0), %57 ], [ getelementptr inbounds ([19 x i8], [19 x i8]* @.str.11, i64 0, i64 0), %76 ], [ getelementptr inbounds ([19 x i8], [19 x i8]* @.str.11, i64 0, i64 0), %97 ], [ getelementptr inbounds ([19 x i8], [19 x i8]* @.str.11, i64 0, i64 0), %87 ]
  %109 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef %108) #3
  br label %110

110:                                              ; preds = %102, %107, %36
  %111 = phi i32 [ 0, %36 ], [ %109, %107 ], [ %105, %102 ]
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %3) #3
  ret i32 %111
}

; Function Attrs: nounwind uwtable
define internal i32 @utfchar(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.luaL_Buffer, align 8
  %3 = tail call i32 @lua_gettop(%struct.lua_State* noundef %0) #3
  %4 = icmp eq i32 %3, 1
  br i1 %4, label %5, label %12

5:                                                ; preds = %1
  %6 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 1) #3
  %7 = icmp ult i64 %6, 2147483648
  br i1 %7, label %10, label %8, !prof !9

8:                                                ; preds = %5
  %9 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 1, i8* noundef getelementptr inbounds ([19 x i8], [19 x i8]* @.str.12, i64 0, i64 0)) #3
  br label %10

10:                                               ; preds = %5, %8
  %11 = tail call i8* (%struct.lua_State*, i8*, ...) @lua_pushfstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.13, i64 0, i64 0), i64 noundef %6) #3
  br label %26

12:                                               ; preds = %1
  %13 = bitcast %struct.luaL_Buffer* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 1056, i8* nonnull %13) #3
  call void @luaL_buffinit(%struct.lua_State* noundef %0, %struct.luaL_Buffer* noundef nonnull %2) #3
  %14 = icmp slt i32 %3, 1
  br i1 %14, label %25, label %15

15:                                               ; preds = %12, %21
  %16 = phi i32 [ %23, %21 ], [ 1, %12 ]
  %17 = call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef %16) #3
  %18 = icmp ult i64 %17, 2147483648
  br i1 %18, label %21, label %19, !prof !9

19:                                               ; preds = %15
  %20 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef %16, i8* noundef getelementptr inbounds ([19 x i8], [19 x i8]* @.str.12, i64 0, i64 0)) #3
  br label %21

21:                                               ; preds = %15, %19
  %22 = call i8* (%struct.lua_State*, i8*, ...) @lua_pushfstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.13, i64 0, i64 0), i64 noundef %17) #3
  call void @luaL_addvalue(%struct.luaL_Buffer* noundef nonnull %2) #3
  %23 = add nuw i32 %16, 1
  %24 = icmp eq i32 %16, %3
  br i1 %24, label %25, label %15, !llvm.loop !21

25:                                               ; preds = %21, %12
  call void @luaL_pushresult(%struct.luaL_Buffer* noundef nonnull %2) #3
  call void @llvm.lifetime.end.p0i8(i64 1056, i8* nonnull %13) #3
  br label %26

26:                                               ; preds = %25, %10
  ret i32 1
}

; Function Attrs: nounwind uwtable
define internal i32 @utflen(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i64, align 8
  %3 = bitcast i64* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %3) #3
  %4 = call i8* @luaL_checklstring(%struct.lua_State* noundef %0, i32 noundef 1, i64* noundef nonnull %2) #3
  %5 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 2, i64 noundef 1) #3
  %6 = load i64, i64* %2, align 8, !tbaa !5
  %7 = icmp sgt i64 %5, -1
  br i1 %7, label %14, label %8

8:                                                ; preds = %1
  %9 = sub i64 0, %5
  %10 = icmp ult i64 %6, %9
  br i1 %10, label %14, label %11

11:                                               ; preds = %8
  %12 = add nsw i64 %5, 1
  %13 = add i64 %12, %6
  br label %14

14:                                               ; preds = %1, %8, %11
  %15 = phi i64 [ %13, %11 ], [ %5, %1 ], [ 0, %8 ]
  %16 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 3, i64 noundef -1) #3
  %17 = load i64, i64* %2, align 8, !tbaa !5
  %18 = icmp sgt i64 %16, -1
  br i1 %18, label %25, label %19

19:                                               ; preds = %14
  %20 = sub i64 0, %16
  %21 = icmp ult i64 %17, %20
  br i1 %21, label %25, label %22

22:                                               ; preds = %19
  %23 = add nsw i64 %16, 1
  %24 = add i64 %23, %17
  br label %25

25:                                               ; preds = %14, %19, %22
  %26 = phi i64 [ %24, %22 ], [ %16, %14 ], [ 0, %19 ]
  %27 = call i32 @lua_toboolean(%struct.lua_State* noundef %0, i32 noundef 4) #3
  %28 = icmp sgt i64 %15, 0
  %29 = add nsw i64 %15, -1
  %30 = load i64, i64* %2, align 8
  %31 = icmp sle i64 %29, %30
  %32 = select i1 %28, i64 %29, i64 %15
  %33 = select i1 %28, i1 %31, i1 false
  br i1 %33, label %37, label %34, !prof !9

34:                                               ; preds = %25
  %35 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 2, i8* noundef getelementptr inbounds ([31 x i8], [31 x i8]* @.str.14, i64 0, i64 0)) #3
  %36 = load i64, i64* %2, align 8, !tbaa !5
  br label %37

37:                                               ; preds = %34, %25
  %38 = phi i64 [ %36, %34 ], [ %30, %25 ]
  %39 = icmp sgt i64 %26, %38
  br i1 %39, label %40, label %42, !prof !16

40:                                               ; preds = %37
  %41 = call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 3, i8* noundef getelementptr inbounds ([29 x i8], [29 x i8]* @.str.15, i64 0, i64 0)) #3
  br label %42

42:                                               ; preds = %40, %37
  %43 = icmp slt i64 %32, %26
  br i1 %43, label %44, label %110

44:                                               ; preds = %42
  %45 = icmp eq i32 %27, 0
  %46 = ptrtoint i8* %4 to i64
  br label %47

47:                                               ; preds = %44, %104
  %48 = phi i64 [ 0, %44 ], [ %108, %104 ]
  %49 = phi i64 [ %32, %44 ], [ %107, %104 ]
  %50 = getelementptr inbounds i8, i8* %4, i64 %49
  %51 = load i8, i8* %50, align 1, !tbaa !10
  %52 = zext i8 %51 to i32
  %53 = icmp sgt i8 %51, -1
  br i1 %53, label %94, label %54

54:                                               ; preds = %47
  %55 = and i32 %52, 64
  %56 = icmp eq i32 %55, 0
  br i1 %56, label %76, label %57

57:                                               ; preds = %54, %67
  %58 = phi i64 [ %61, %67 ], [ 0, %54 ]
  %59 = phi i32 [ %70, %67 ], [ 0, %54 ]
  %60 = phi i32 [ %71, %67 ], [ %52, %54 ]
  %61 = add nuw nsw i64 %58, 1
  %62 = getelementptr inbounds i8, i8* %50, i64 %61
  %63 = load i8, i8* %62, align 1, !tbaa !10
  %64 = zext i8 %63 to i32
  %65 = and i32 %64, 192
  %66 = icmp eq i32 %65, 128
  br i1 %66, label %67, label %102

67:                                               ; preds = %57
  %68 = shl i32 %59, 6
  %69 = and i32 %64, 63
  %70 = or i32 %69, %68
  %71 = shl i32 %60, 1
  %72 = and i32 %60, 32
  %73 = icmp eq i32 %72, 0
  br i1 %73, label %74, label %57, !llvm.loop !17

74:                                               ; preds = %67
  %75 = trunc i64 %61 to i32
  br label %76

76:                                               ; preds = %74, %54
  %77 = phi i32 [ %52, %54 ], [ %71, %74 ]
  %78 = phi i32 [ 0, %54 ], [ %70, %74 ]
  %79 = phi i32 [ 0, %54 ], [ %75, %74 ]
  %80 = and i32 %77, 127
  %81 = mul nsw i32 %79, 5
  %82 = shl i32 %80, %81
  %83 = or i32 %82, %78
  %84 = icmp ugt i32 %79, 5
  %85 = icmp slt i32 %83, 0
  %86 = select i1 %84, i1 true, i1 %85
  br i1 %86, label %102, label %87

87:                                               ; preds = %76
  %88 = zext i32 %79 to i64
  %89 = getelementptr inbounds [6 x i32], [6 x i32]* @utf8_decode.limits, i64 0, i64 %88
  %90 = load i32, i32* %89, align 4, !tbaa !18
  %91 = icmp ult i32 %83, %90
  %92 = select i1 %91, i64 0, i64 %88
  %93 = getelementptr i8, i8* %50, i64 %92
  br i1 %91, label %102, label %94

94:                                               ; preds = %87, %47
  %95 = phi i8* [ %93, %87 ], [ %50, %47 ]
  %96 = phi i32 [ %83, %87 ], [ %52, %47 ]
  br i1 %45, label %97, label %104

97:                                               ; preds = %94
  %98 = icmp ugt i32 %96, 1114111
  %99 = and i32 %96, -2048
  %100 = icmp eq i32 %99, 55296
  %101 = or i1 %98, %100
  br i1 %101, label %102, label %104

102:                                              ; preds = %76, %97, %87, %57
  call void @lua_pushnil(%struct.lua_State* noundef %0) #3
  %103 = add nsw i64 %49, 1
  br label %110

104:                                              ; preds = %94, %97
  %105 = getelementptr inbounds i8, i8* %95, i64 1
  %106 = ptrtoint i8* %105 to i64
  %107 = sub i64 %106, %46
  %108 = add nuw nsw i64 %48, 1
  %109 = icmp slt i64 %107, %26
  br i1 %109, label %47, label %110, !llvm.loop !22

110:                                              ; preds = %104, %42, %102
  %111 = phi i64 [ %103, %102 ], [ 0, %42 ], [ %108, %104 ]
  %112 = phi i32 [ 2, %102 ], [ 1, %42 ], [ 1, %104 ]
  call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %111) #3
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %3) #3
  ret i32 %112
}

; Function Attrs: nounwind uwtable
define internal i32 @iter_codes(%struct.lua_State* noundef %0) #0 {
  %2 = tail call i32 @lua_toboolean(%struct.lua_State* noundef %0, i32 noundef 2) #3
  %3 = tail call i8* @luaL_checklstring(%struct.lua_State* noundef %0, i32 noundef 1, i64* noundef null) #3
  %4 = icmp eq i32 %2, 0
  %5 = select i1 %4, i32 (%struct.lua_State*)* @iter_auxstrict, i32 (%struct.lua_State*)* @iter_auxlax
  tail call void @lua_pushcclosure(%struct.lua_State* noundef %0, i32 (%struct.lua_State*)* noundef nonnull %5, i32 noundef 0) #3
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef 1) #3
  tail call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef 0) #3
  ret i32 3
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

declare i8* @luaL_checklstring(%struct.lua_State* noundef, i32 noundef, i64* noundef) local_unnamed_addr #1

declare i64 @luaL_checkinteger(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i64 @luaL_optinteger(%struct.lua_State* noundef, i32 noundef, i64 noundef) local_unnamed_addr #1

declare i32 @luaL_argerror(%struct.lua_State* noundef, i32 noundef, i8* noundef) local_unnamed_addr #1

declare i32 @luaL_error(%struct.lua_State* noundef, i8* noundef, ...) local_unnamed_addr #1

declare void @lua_pushinteger(%struct.lua_State* noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_pushnil(%struct.lua_State* noundef) local_unnamed_addr #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

declare i32 @lua_toboolean(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare void @luaL_checkstack(%struct.lua_State* noundef, i32 noundef, i8* noundef) local_unnamed_addr #1

declare i32 @lua_gettop(%struct.lua_State* noundef) local_unnamed_addr #1

declare void @luaL_buffinit(%struct.lua_State* noundef, %struct.luaL_Buffer* noundef) local_unnamed_addr #1

declare void @luaL_addvalue(%struct.luaL_Buffer* noundef) local_unnamed_addr #1

declare void @luaL_pushresult(%struct.luaL_Buffer* noundef) local_unnamed_addr #1

declare i8* @lua_pushfstring(%struct.lua_State* noundef, i8* noundef, ...) local_unnamed_addr #1

declare void @lua_pushcclosure(%struct.lua_State* noundef, i32 (%struct.lua_State*)* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define internal i32 @iter_auxlax(%struct.lua_State* noundef %0) #0 {
  %2 = tail call fastcc i32 @iter_aux(%struct.lua_State* noundef %0, i32 noundef 0)
  ret i32 %2
}

; Function Attrs: nounwind uwtable
define internal i32 @iter_auxstrict(%struct.lua_State* noundef %0) #0 {
  %2 = tail call fastcc i32 @iter_aux(%struct.lua_State* noundef %0, i32 noundef 1)
  ret i32 %2
}

declare void @lua_pushvalue(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define internal fastcc i32 @iter_aux(%struct.lua_State* noundef %0, i32 noundef %1) unnamed_addr #0 {
  %3 = alloca i64, align 8
  %4 = bitcast i64* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %4) #3
  %5 = call i8* @luaL_checklstring(%struct.lua_State* noundef %0, i32 noundef 1, i64* noundef nonnull %3) #3
  %6 = call i64 @lua_tointegerx(%struct.lua_State* noundef %0, i32 noundef 2, i32* noundef null) #3
  %7 = load i64, i64* %3, align 8, !tbaa !5
  %8 = icmp ult i64 %6, %7
  br i1 %8, label %9, label %16

9:                                                ; preds = %2, %9
  %10 = phi i64 [ %15, %9 ], [ %6, %2 ]
  %11 = getelementptr inbounds i8, i8* %5, i64 %10
  %12 = load i8, i8* %11, align 1, !tbaa !10
  %13 = and i8 %12, -64
  %14 = icmp eq i8 %13, -128
  %15 = add i64 %10, 1
  br i1 %14, label %9, label %16, !llvm.loop !23

16:                                               ; preds = %9, %2
  %17 = phi i64 [ %6, %2 ], [ %10, %9 ]
  %18 = icmp ult i64 %17, %7
  br i1 %18, label %19, label %75

19:                                               ; preds = %16
  %20 = getelementptr inbounds i8, i8* %5, i64 %17
  %21 = load i8, i8* %20, align 1, !tbaa !10
  %22 = zext i8 %21 to i32
  %23 = icmp sgt i8 %21, -1
  br i1 %23, label %62, label %24

24:                                               ; preds = %19
  %25 = and i32 %22, 64
  %26 = icmp eq i32 %25, 0
  br i1 %26, label %46, label %27

27:                                               ; preds = %24, %37
  %28 = phi i64 [ %31, %37 ], [ 0, %24 ]
  %29 = phi i32 [ %40, %37 ], [ 0, %24 ]
  %30 = phi i32 [ %41, %37 ], [ %22, %24 ]
  %31 = add nuw nsw i64 %28, 1
  %32 = getelementptr inbounds i8, i8* %20, i64 %31
  %33 = load i8, i8* %32, align 1, !tbaa !10
  %34 = zext i8 %33 to i32
  %35 = and i32 %34, 192
  %36 = icmp eq i32 %35, 128
  br i1 %36, label %37, label %70

37:                                               ; preds = %27
  %38 = shl i32 %29, 6
  %39 = and i32 %34, 63
  %40 = or i32 %39, %38
  %41 = shl i32 %30, 1
  %42 = and i32 %30, 32
  %43 = icmp eq i32 %42, 0
  br i1 %43, label %44, label %27, !llvm.loop !17

44:                                               ; preds = %37
  %45 = trunc i64 %31 to i32
  br label %46

46:                                               ; preds = %44, %24
  %47 = phi i32 [ %22, %24 ], [ %41, %44 ]
  %48 = phi i32 [ 0, %24 ], [ %40, %44 ]
  %49 = phi i32 [ 0, %24 ], [ %45, %44 ]
  %50 = and i32 %47, 127
  %51 = mul nsw i32 %49, 5
  %52 = shl i32 %50, %51
  %53 = or i32 %52, %48
  %54 = icmp ugt i32 %49, 5
  %55 = icmp slt i32 %53, 0
  %56 = select i1 %54, i1 true, i1 %55
  br i1 %56, label %70, label %57

57:                                               ; preds = %46
  %58 = zext i32 %49 to i64
  %59 = getelementptr inbounds [6 x i32], [6 x i32]* @utf8_decode.limits, i64 0, i64 %58
  %60 = load i32, i32* %59, align 4, !tbaa !18
  %61 = icmp ult i32 %53, %60
  br i1 %61, label %70, label %62

62:                                               ; preds = %57, %19
  %63 = phi i32 [ %53, %57 ], [ %22, %19 ]
  %64 = icmp eq i32 %1, 0
  br i1 %64, label %72, label %65

65:                                               ; preds = %62
  %66 = icmp ugt i32 %63, 1114111
  %67 = and i32 %63, -2048
  %68 = icmp eq i32 %67, 55296
  %69 = or i1 %66, %68
  br i1 %69, label %70, label %72

70:                                               ; preds = %27, %57, %65, %46
  %71 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([19 x i8], [19 x i8]* @.str.11, i64 0, i64 0)) #3
  br label %75

72:                                               ; preds = %65, %62
  %73 = add i64 %17, 1
  call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %73) #3
  %74 = zext i32 %63 to i64
  call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %74) #3
  br label %75

75:                                               ; preds = %70, %72, %16
  %76 = phi i32 [ 0, %16 ], [ %71, %70 ], [ 2, %72 ]
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %4) #3
  ret i32 %76
}

declare i64 @lua_tointegerx(%struct.lua_State* noundef, i32 noundef, i32* noundef) local_unnamed_addr #1

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!"branch_weights", i32 2000, i32 1}
!10 = !{!7, !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !12}
!14 = distinct !{!14, !12}
!15 = distinct !{!15, !12}
!16 = !{!"branch_weights", i32 1, i32 2000}
!17 = distinct !{!17, !12}
!18 = !{!19, !19, i64 0}
!19 = !{!"int", !7, i64 0}
!20 = distinct !{!20, !12}
!21 = distinct !{!21, !12}
!22 = distinct !{!22, !12}
!23 = distinct !{!23, !12}
