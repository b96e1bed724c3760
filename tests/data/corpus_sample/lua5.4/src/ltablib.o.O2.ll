; ModuleID = 'ltablib.c'
source_filename = "ltablib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.luaL_Reg = type { i8*, i32 (%struct.lua_State*)* }
%struct.lua_State = type opaque
%struct.luaL_Buffer = type { i8*, i64, i64, %struct.lua_State*, %union.anon }
%union.anon = type { double, [1016 x i8] }

@tab_funcs = internal constant [8 x %struct.luaL_Reg] [%struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str, i32 0, i32 0), i32 (%struct.lua_State*)* @tconcat }, %struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.1, i32 0, i32 0), i32 (%struct.lua_State*)* @tinsert }, %struct.luaL_Reg { i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.2, i32 0, i32 0), i32 (%struct.lua_State*)* @tpack }, %struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.3, i32 0, i32 0), i32 (%struct.lua_State*)* @tunpack }, %struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.4, i32 0, i32 0), i32 (%struct.lua_State*)* @tremove }, %struct.luaL_Reg { i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.5, i32 0, i32 0), i32 (%struct.lua_State*)* @tmove }, %struct.luaL_Reg { i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.6, i32 0, i32 0), i32 (%struct.lua_State*)* @sort }, %struct.luaL_Reg zeroinitializer], align 16
@.str = private unnamed_addr constant [7 x i8] c"concat\00", align 1
@.str.1 = private unnamed_addr constant [7 x i8] c"insert\00", align 1
@.str.2 = private unnamed_addr constant [5 x i8] c"pack\00", align 1
@.str.3 = private unnamed_addr constant [7 x i8] c"unpack\00", align 1
@.str.4 = private unnamed_addr constant [7 x i8] c"remove\00", align 1
@.str.5 = private unnamed_addr constant [5 x i8] c"move\00", align 1
@.str.6 = private unnamed_addr constant [5 x i8] c"sort\00", align 1
@.str.7 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.str.8 = private unnamed_addr constant [8 x i8] c"__index\00", align 1
@.str.9 = private unnamed_addr constant [11 x i8] c"__newindex\00", align 1
@.str.10 = private unnamed_addr constant [6 x i8] c"__len\00", align 1
@.str.11 = private unnamed_addr constant [53 x i8] c"invalid value (%s) at index %I in table for 'concat'\00", align 1
@.str.12 = private unnamed_addr constant [23 x i8] c"position out of bounds\00", align 1
@.str.13 = private unnamed_addr constant [38 x i8] c"wrong number of arguments to 'insert'\00", align 1
@.str.14 = private unnamed_addr constant [2 x i8] c"n\00", align 1
@.str.15 = private unnamed_addr constant [27 x i8] c"too many results to unpack\00", align 1
@.str.16 = private unnamed_addr constant [26 x i8] c"too many elements to move\00", align 1
@.str.17 = private unnamed_addr constant [24 x i8] c"destination wrap around\00", align 1
@.str.18 = private unnamed_addr constant [14 x i8] c"array too big\00", align 1
@.str.19 = private unnamed_addr constant [35 x i8] c"invalid order function for sorting\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @luaopen_table(%struct.lua_State* noundef %0) local_unnamed_addr #0 {
  tail call void @luaL_checkversion_(%struct.lua_State* noundef %0, double noundef 5.040000e+02, i64 noundef 136) #4
  tail call void @lua_createtable(%struct.lua_State* noundef %0, i32 noundef 0, i32 noundef 7) #4
  tail call void @luaL_setfuncs(%struct.lua_State* noundef %0, %struct.luaL_Reg* noundef getelementptr inbounds ([8 x %struct.luaL_Reg], [8 x %struct.luaL_Reg]* @tab_funcs, i64 0, i64 0), i32 noundef 0) #4
  ret i32 1
}

declare void @luaL_checkversion_(%struct.lua_State* noundef, double noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_createtable(%struct.lua_State* noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

declare void @luaL_setfuncs(%struct.lua_State* noundef, %struct.luaL_Reg* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define internal i32 @tconcat(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.luaL_Buffer, align 8
  %3 = alloca i64, align 8
  %4 = bitcast %struct.luaL_Buffer* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 1056, i8* nonnull %4) #4
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 5)
  %5 = tail call i64 @luaL_len(%struct.lua_State* noundef %0, i32 noundef 1) #4
  %6 = bitcast i64* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* nonnull %6) #4
  %7 = call i8* @luaL_optlstring(%struct.lua_State* noundef %0, i32 noundef 2, i8* noundef getelementptr inbounds ([1 x i8], [1 x i8]* @.str.7, i64 0, i64 0), i64* noundef nonnull %3) #4
  %8 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 3, i64 noundef 1) #4
  %9 = call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 4, i64 noundef %5) #4
  call void @luaL_buffinit(%struct.lua_State* noundef %0, %struct.luaL_Buffer* noundef nonnull %2) #4
  %10 = icmp slt i64 %8, %9
  br i1 %10, label %11, label %24

11:                                               ; preds = %1, %20
  %12 = phi i64 [ %22, %20 ], [ %8, %1 ]
  %13 = call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %12) #4
  %14 = call i32 @lua_isstring(%struct.lua_State* noundef %0, i32 noundef -1) #4
  %15 = icmp eq i32 %14, 0
  br i1 %15, label %16, label %20, !prof !5

16:                                               ; preds = %11
  %17 = call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef -1) #4
  %18 = call i8* @lua_typename(%struct.lua_State* noundef %0, i32 noundef %17) #4
  %19 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([53 x i8], [53 x i8]* @.str.11, i64 0, i64 0), i8* noundef %18, i64 noundef %12) #4
  br label %20

20:                                               ; preds = %11, %16
  call void @luaL_addvalue(%struct.luaL_Buffer* noundef nonnull %2) #4
  %21 = load i64, i64* %3, align 8, !tbaa !6
  call void @luaL_addlstring(%struct.luaL_Buffer* noundef nonnull %2, i8* noundef %7, i64 noundef %21) #4
  %22 = add i64 %12, 1
  %23 = icmp eq i64 %22, %9
  br i1 %23, label %26, label %11, !llvm.loop !10

24:                                               ; preds = %1
  %25 = icmp eq i64 %8, %9
  br i1 %25, label %26, label %35

26:                                               ; preds = %20, %24
  %27 = call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %9) #4
  %28 = call i32 @lua_isstring(%struct.lua_State* noundef %0, i32 noundef -1) #4
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %30, label %34, !prof !5

30:                                               ; preds = %26
  %31 = call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef -1) #4
  %32 = call i8* @lua_typename(%struct.lua_State* noundef %0, i32 noundef %31) #4
  %33 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([53 x i8], [53 x i8]* @.str.11, i64 0, i64 0), i8* noundef %32, i64 noundef %9) #4
  br label %34

34:                                               ; preds = %26, %30
  call void @luaL_addvalue(%struct.luaL_Buffer* noundef nonnull %2) #4
  br label %35

35:                                               ; preds = %34, %24
  call void @luaL_pushresult(%struct.luaL_Buffer* noundef nonnull %2) #4
  call void @llvm.lifetime.end.p0i8(i64 8, i8* nonnull %6) #4
  call void @llvm.lifetime.end.p0i8(i64 1056, i8* nonnull %4) #4
  ret i32 1
}

; Function Attrs: nounwind uwtable
define internal i32 @tinsert(%struct.lua_State* noundef %0) #0 {
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 7)
  %2 = tail call i64 @luaL_len(%struct.lua_State* noundef %0, i32 noundef 1) #4
  %3 = add i64 %2, 1
  %4 = tail call i32 @lua_gettop(%struct.lua_State* noundef %0) #4
  switch i32 %4, label %18 [
    i32 2, label %20
    i32 3, label %5
  ]

5:                                                ; preds = %1
  %6 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %7 = add i64 %6, -1
  %8 = icmp ult i64 %7, %3
  br i1 %8, label %11, label %9, !prof !12

9:                                                ; preds = %5
  %10 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 2, i8* noundef getelementptr inbounds ([23 x i8], [23 x i8]* @.str.12, i64 0, i64 0)) #4
  br label %11

11:                                               ; preds = %9, %5
  %12 = icmp sgt i64 %3, %6
  br i1 %12, label %13, label %20

13:                                               ; preds = %11, %13
  %14 = phi i64 [ %15, %13 ], [ %3, %11 ]
  %15 = add nsw i64 %14, -1
  %16 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %15) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %14) #4
  %17 = icmp sgt i64 %15, %6
  br i1 %17, label %13, label %20, !llvm.loop !13

18:                                               ; preds = %1
  %19 = tail call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([38 x i8], [38 x i8]* @.str.13, i64 0, i64 0)) #4
  br label %22

20:                                               ; preds = %13, %11, %1
  %21 = phi i64 [ %3, %1 ], [ %6, %11 ], [ %6, %13 ]
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %21) #4
  br label %22

22:                                               ; preds = %20, %18
  %23 = phi i32 [ %19, %18 ], [ 0, %20 ]
  ret i32 %23
}

; Function Attrs: nounwind uwtable
define internal i32 @tpack(%struct.lua_State* noundef %0) #0 {
  %2 = tail call i32 @lua_gettop(%struct.lua_State* noundef %0) #4
  tail call void @lua_createtable(%struct.lua_State* noundef %0, i32 noundef %2, i32 noundef 1) #4
  tail call void @lua_rotate(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 1) #4
  %3 = icmp sgt i32 %2, 0
  br i1 %3, label %4, label %10

4:                                                ; preds = %1
  %5 = zext i32 %2 to i64
  br label %6

6:                                                ; preds = %4, %6
  %7 = phi i64 [ %5, %4 ], [ %8, %6 ]
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %7) #4
  %8 = add nsw i64 %7, -1
  %9 = icmp ugt i64 %7, 1
  br i1 %9, label %6, label %10, !llvm.loop !14

10:                                               ; preds = %6, %1
  %11 = sext i32 %2 to i64
  tail call void @lua_pushinteger(%struct.lua_State* noundef %0, i64 noundef %11) #4
  tail call void @lua_setfield(%struct.lua_State* noundef %0, i32 noundef 1, i8* noundef getelementptr inbounds ([2 x i8], [2 x i8]* @.str.14, i64 0, i64 0)) #4
  ret i32 1
}

; Function Attrs: nounwind uwtable
define internal i32 @tunpack(%struct.lua_State* noundef %0) #0 {
  %2 = tail call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 2, i64 noundef 1) #4
  %3 = tail call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef 3) #4
  %4 = icmp slt i32 %3, 1
  br i1 %4, label %5, label %7

5:                                                ; preds = %1
  %6 = tail call i64 @luaL_len(%struct.lua_State* noundef %0, i32 noundef 1) #4
  br label %9

7:                                                ; preds = %1
  %8 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 3) #4
  br label %9

9:                                                ; preds = %7, %5
  %10 = phi i64 [ %6, %5 ], [ %8, %7 ]
  %11 = icmp slt i64 %10, %2
  br i1 %11, label %31, label %12

12:                                               ; preds = %9
  %13 = sub i64 %10, %2
  %14 = icmp ugt i64 %13, 2147483646
  br i1 %14, label %22, label %15, !prof !15

15:                                               ; preds = %12
  %16 = trunc i64 %13 to i32
  %17 = add nuw nsw i32 %16, 1
  %18 = tail call i32 @lua_checkstack(%struct.lua_State* noundef %0, i32 noundef %17) #4
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %22, label %20, !prof !5

20:                                               ; preds = %15
  %21 = icmp sgt i64 %10, %2
  br i1 %21, label %24, label %29

22:                                               ; preds = %12, %15
  %23 = tail call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([27 x i8], [27 x i8]* @.str.15, i64 0, i64 0)) #4
  br label %31

24:                                               ; preds = %20, %24
  %25 = phi i64 [ %27, %24 ], [ %2, %20 ]
  %26 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %25) #4
  %27 = add i64 %25, 1
  %28 = icmp eq i64 %27, %10
  br i1 %28, label %29, label %24, !llvm.loop !16

29:                                               ; preds = %24, %20
  %30 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %10) #4
  br label %31

31:                                               ; preds = %9, %29, %22
  %32 = phi i32 [ %23, %22 ], [ %17, %29 ], [ 0, %9 ]
  ret i32 %32
}

; Function Attrs: nounwind uwtable
define internal i32 @tremove(%struct.lua_State* noundef %0) #0 {
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 7)
  %2 = tail call i64 @luaL_len(%struct.lua_State* noundef %0, i32 noundef 1) #4
  %3 = tail call i64 @luaL_optinteger(%struct.lua_State* noundef %0, i32 noundef 2, i64 noundef %2) #4
  %4 = icmp ne i64 %3, %2
  %5 = add i64 %3, -1
  %6 = icmp ugt i64 %5, %2
  %7 = and i1 %4, %6
  br i1 %7, label %8, label %10, !prof !17

8:                                                ; preds = %1
  %9 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 1, i8* noundef getelementptr inbounds ([23 x i8], [23 x i8]* @.str.12, i64 0, i64 0)) #4
  br label %10

10:                                               ; preds = %8, %1
  %11 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %3) #4
  %12 = icmp slt i64 %3, %2
  br i1 %12, label %13, label %18

13:                                               ; preds = %10, %13
  %14 = phi i64 [ %15, %13 ], [ %3, %10 ]
  %15 = add nsw i64 %14, 1
  %16 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %15) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %14) #4
  %17 = icmp eq i64 %15, %2
  br i1 %17, label %18, label %13, !llvm.loop !18

18:                                               ; preds = %13, %10
  %19 = phi i64 [ %3, %10 ], [ %2, %13 ]
  tail call void @lua_pushnil(%struct.lua_State* noundef %0) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %19) #4
  ret i32 1
}

; Function Attrs: nounwind uwtable
define internal i32 @tmove(%struct.lua_State* noundef %0) #0 {
  %2 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %3 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 3) #4
  %4 = tail call i64 @luaL_checkinteger(%struct.lua_State* noundef %0, i32 noundef 4) #4
  %5 = tail call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef 5) #4
  %6 = icmp sgt i32 %5, 0
  %7 = select i1 %6, i32 5, i32 1
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 1)
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef %7, i32 noundef 2)
  %8 = icmp slt i64 %3, %2
  br i1 %8, label %51, label %9

9:                                                ; preds = %1
  %10 = icmp sgt i64 %2, 0
  %11 = add nsw i64 %2, 9223372036854775807
  %12 = icmp slt i64 %3, %11
  %13 = select i1 %10, i1 true, i1 %12
  br i1 %13, label %16, label %14, !prof !12

14:                                               ; preds = %9
  %15 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 3, i8* noundef getelementptr inbounds ([26 x i8], [26 x i8]* @.str.16, i64 0, i64 0)) #4
  br label %16

16:                                               ; preds = %14, %9
  %17 = sub nsw i64 %3, %2
  %18 = sub i64 9223372036854775807, %17
  %19 = icmp sgt i64 %4, %18
  br i1 %19, label %20, label %22, !prof !5

20:                                               ; preds = %16
  %21 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 4, i8* noundef getelementptr inbounds ([24 x i8], [24 x i8]* @.str.17, i64 0, i64 0)) #4
  br label %22

22:                                               ; preds = %20, %16
  %23 = icmp sle i64 %4, %3
  %24 = icmp sgt i64 %4, %2
  %25 = select i1 %23, i1 %24, i1 false
  br i1 %25, label %26, label %30

26:                                               ; preds = %22
  br i1 %6, label %27, label %42

27:                                               ; preds = %26
  %28 = tail call i32 @lua_compare(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef %7, i32 noundef 0) #4
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %30, label %42

30:                                               ; preds = %27, %22
  %31 = icmp slt i64 %17, 0
  br i1 %31, label %51, label %32

32:                                               ; preds = %30
  %33 = add i64 %3, 1
  %34 = sub i64 %33, %2
  br label %35

35:                                               ; preds = %32, %35
  %36 = phi i64 [ %40, %35 ], [ 0, %32 ]
  %37 = add nsw i64 %36, %2
  %38 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %37) #4
  %39 = add nsw i64 %36, %4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef %7, i64 noundef %39) #4
  %40 = add nuw i64 %36, 1
  %41 = icmp eq i64 %40, %34
  br i1 %41, label %51, label %35, !llvm.loop !19

42:                                               ; preds = %27, %26
  %43 = icmp sgt i64 %17, -1
  br i1 %43, label %44, label %51

44:                                               ; preds = %42, %44
  %45 = phi i64 [ %49, %44 ], [ %17, %42 ]
  %46 = add nsw i64 %45, %2
  %47 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %46) #4
  %48 = add nsw i64 %45, %4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef %7, i64 noundef %48) #4
  %49 = add nsw i64 %45, -1
  %50 = icmp eq i64 %45, 0
  br i1 %50, label %51, label %44, !llvm.loop !20

51:                                               ; preds = %44, %35, %42, %30, %1
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef %7) #4
  ret i32 1
}

; Function Attrs: nounwind uwtable
define internal i32 @sort(%struct.lua_State* noundef %0) #0 {
  tail call fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef 7)
  %2 = tail call i64 @luaL_len(%struct.lua_State* noundef %0, i32 noundef 1) #4
  %3 = icmp sgt i64 %2, 1
  br i1 %3, label %4, label %14

4:                                                ; preds = %1
  %5 = icmp ult i64 %2, 2147483647
  br i1 %5, label %8, label %6, !prof !12

6:                                                ; preds = %4
  %7 = tail call i32 @luaL_argerror(%struct.lua_State* noundef %0, i32 noundef 1, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.18, i64 0, i64 0)) #4
  br label %8

8:                                                ; preds = %6, %4
  %9 = tail call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %10 = icmp slt i32 %9, 1
  br i1 %10, label %12, label %11

11:                                               ; preds = %8
  tail call void @luaL_checktype(%struct.lua_State* noundef %0, i32 noundef 2, i32 noundef 6) #4
  br label %12

12:                                               ; preds = %11, %8
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %13 = trunc i64 %2 to i32
  tail call fastcc void @auxsort(%struct.lua_State* noundef %0, i32 noundef 1, i32 noundef %13, i32 noundef 0)
  br label %14

14:                                               ; preds = %12, %1
  ret i32 0
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nounwind uwtable
define internal fastcc void @checktab(%struct.lua_State* noundef %0, i32 noundef %1, i32 noundef %2) unnamed_addr #0 {
  %4 = tail call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef %1) #4
  %5 = icmp eq i32 %4, 5
  br i1 %5, label %40, label %6

6:                                                ; preds = %3
  %7 = tail call i32 @lua_getmetatable(%struct.lua_State* noundef %0, i32 noundef %1) #4
  %8 = icmp eq i32 %7, 0
  br i1 %8, label %39, label %9

9:                                                ; preds = %6
  %10 = and i32 %2, 1
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %16, label %12

12:                                               ; preds = %9
  %13 = tail call i8* @lua_pushstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str.8, i64 0, i64 0)) #4
  %14 = tail call i32 @lua_rawget(%struct.lua_State* noundef %0, i32 noundef -2) #4
  %15 = icmp eq i32 %14, 0
  br i1 %15, label %39, label %16

16:                                               ; preds = %12, %9
  %17 = phi i32 [ 2, %12 ], [ 1, %9 ]
  %18 = and i32 %2, 2
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %26, label %20

20:                                               ; preds = %16
  %21 = add nuw nsw i32 %17, 1
  %22 = tail call i8* @lua_pushstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([11 x i8], [11 x i8]* @.str.9, i64 0, i64 0)) #4
  %23 = xor i32 %17, -1
  %24 = tail call i32 @lua_rawget(%struct.lua_State* noundef %0, i32 noundef %23) #4
  %25 = icmp eq i32 %24, 0
  br i1 %25, label %39, label %26

26:                                               ; preds = %20, %16
  %27 = phi i32 [ %21, %20 ], [ %17, %16 ]
  %28 = and i32 %2, 4
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %36, label %30

30:                                               ; preds = %26
  %31 = add nuw nsw i32 %27, 1
  %32 = tail call i8* @lua_pushstring(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.10, i64 0, i64 0)) #4
  %33 = xor i32 %27, -1
  %34 = tail call i32 @lua_rawget(%struct.lua_State* noundef %0, i32 noundef %33) #4
  %35 = icmp eq i32 %34, 0
  br i1 %35, label %39, label %36

36:                                               ; preds = %30, %26
  %37 = phi i32 [ %31, %30 ], [ %27, %26 ]
  %38 = xor i32 %37, -1
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef %38) #4
  br label %40

39:                                               ; preds = %30, %20, %12, %6
  tail call void @luaL_checktype(%struct.lua_State* noundef %0, i32 noundef %1, i32 noundef 5) #4
  br label %40

40:                                               ; preds = %36, %39, %3
  ret void
}

declare i64 @luaL_len(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i8* @luaL_optlstring(%struct.lua_State* noundef, i32 noundef, i8* noundef, i64* noundef) local_unnamed_addr #1

declare i64 @luaL_optinteger(%struct.lua_State* noundef, i32 noundef, i64 noundef) local_unnamed_addr #1

declare void @luaL_buffinit(%struct.lua_State* noundef, %struct.luaL_Buffer* noundef) local_unnamed_addr #1

declare void @luaL_addlstring(%struct.luaL_Buffer* noundef, i8* noundef, i64 noundef) local_unnamed_addr #1

declare void @luaL_pushresult(%struct.luaL_Buffer* noundef) local_unnamed_addr #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

declare i32 @lua_type(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i32 @lua_getmetatable(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare void @lua_settop(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare void @luaL_checktype(%struct.lua_State* noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

declare i8* @lua_pushstring(%struct.lua_State* noundef, i8* noundef) local_unnamed_addr #1

declare i32 @lua_rawget(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i32 @lua_geti(%struct.lua_State* noundef, i32 noundef, i64 noundef) local_unnamed_addr #1

declare i32 @lua_isstring(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i32 @luaL_error(%struct.lua_State* noundef, i8* noundef, ...) local_unnamed_addr #1

declare i8* @lua_typename(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare void @luaL_addvalue(%struct.luaL_Buffer* noundef) local_unnamed_addr #1

declare i32 @lua_gettop(%struct.lua_State* noundef) local_unnamed_addr #1

declare i64 @luaL_checkinteger(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i32 @luaL_argerror(%struct.lua_State* noundef, i32 noundef, i8* noundef) local_unnamed_addr #1

declare void @lua_seti(%struct.lua_State* noundef, i32 noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_rotate(%struct.lua_State* noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

declare void @lua_pushinteger(%struct.lua_State* noundef, i64 noundef) local_unnamed_addr #1

declare void @lua_setfield(%struct.lua_State* noundef, i32 noundef, i8* noundef) local_unnamed_addr #1

declare i32 @lua_checkstack(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare void @lua_pushnil(%struct.lua_State* noundef) local_unnamed_addr #1

declare i32 @lua_compare(%struct.lua_State* noundef, i32 noundef, i32 noundef, i32 noundef) local_unnamed_addr #1

declare void @lua_pushvalue(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define internal fastcc void @auxsort(%struct.lua_State* noundef %0, i32 noundef %1, i32 noundef %2, i32 noundef %3) unnamed_addr #0 {
  %5 = icmp ugt i32 %2, %1
  br i1 %5, label %6, label %133

6:                                                ; preds = %4, %130
  %7 = phi i32 [ %131, %130 ], [ %3, %4 ]
  %8 = phi i32 [ %113, %130 ], [ %2, %4 ]
  %9 = phi i32 [ %112, %130 ], [ %1, %4 ]
  %10 = zext i32 %9 to i64
  %11 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %10) #4
  %12 = zext i32 %8 to i64
  %13 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %12) #4
  %14 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -1, i32 noundef -2)
  %15 = icmp eq i32 %14, 0
  br i1 %15, label %17, label %16

16:                                               ; preds = %6
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %10) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %12) #4
  br label %18

17:                                               ; preds = %6
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -3) #4
  br label %18

18:                                               ; preds = %17, %16
  %19 = sub i32 %8, %9
  %20 = icmp eq i32 %19, 1
  br i1 %20, label %133, label %21

21:                                               ; preds = %18
  %22 = icmp ult i32 %19, 100
  %23 = icmp eq i32 %7, 0
  %24 = select i1 %22, i1 true, i1 %23
  br i1 %24, label %25, label %28

25:                                               ; preds = %21
  %26 = add i32 %8, %9
  %27 = lshr i32 %26, 1
  br label %34

28:                                               ; preds = %21
  %29 = lshr i32 %19, 2
  %30 = shl nuw nsw i32 %29, 1
  %31 = urem i32 %7, %30
  %32 = add i32 %29, %9
  %33 = add i32 %32, %31
  br label %34

34:                                               ; preds = %28, %25
  %35 = phi i32 [ %27, %25 ], [ %33, %28 ]
  %36 = zext i32 %35 to i64
  %37 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %36) #4
  %38 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %10) #4
  %39 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -2, i32 noundef -1)
  %40 = icmp eq i32 %39, 0
  br i1 %40, label %42, label %41

41:                                               ; preds = %34
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %36) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %10) #4
  br label %48

42:                                               ; preds = %34
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #4
  %43 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %12) #4
  %44 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -1, i32 noundef -2)
  %45 = icmp eq i32 %44, 0
  br i1 %45, label %47, label %46

46:                                               ; preds = %42
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %36) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %12) #4
  br label %48

47:                                               ; preds = %42
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -3) #4
  br label %48

48:                                               ; preds = %46, %47, %41
  %49 = icmp eq i32 %19, 2
  br i1 %49, label %133, label %50

50:                                               ; preds = %48
  %51 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %36) #4
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef -1) #4
  %52 = add i32 %8, -1
  %53 = zext i32 %52 to i64
  %54 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %53) #4
  br label %55

55:                                               ; preds = %97, %50
  %56 = phi i64 [ %68, %97 ], [ %36, %50 ]
  %57 = phi i64 [ %100, %97 ], [ %53, %50 ]
  %58 = phi i32 [ %69, %97 ], [ %9, %50 ]
  %59 = phi i32 [ %98, %97 ], [ %52, %50 ]
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %56) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %57) #4
  %60 = add i32 %58, 1
  %61 = zext i32 %60 to i64
  %62 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %61) #4
  %63 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -1, i32 noundef -2) #4
  %64 = icmp eq i32 %63, 0
  br i1 %64, label %67, label %75

65:                                               ; preds = %80
  %66 = zext i32 %81 to i64
  br label %67

67:                                               ; preds = %65, %55
  %68 = phi i64 [ %61, %55 ], [ %66, %65 ]
  %69 = phi i32 [ %60, %55 ], [ %81, %65 ]
  %70 = add i32 %59, -1
  %71 = zext i32 %70 to i64
  %72 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %71) #4
  %73 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -3, i32 noundef -1) #4
  %74 = icmp eq i32 %73, 0
  br i1 %74, label %97, label %86

75:                                               ; preds = %55, %80
  %76 = phi i32 [ %81, %80 ], [ %60, %55 ]
  %77 = icmp eq i32 %76, %52
  br i1 %77, label %78, label %80, !prof !5

78:                                               ; preds = %75
  %79 = tail call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([35 x i8], [35 x i8]* @.str.19, i64 0, i64 0)) #4
  br label %80

80:                                               ; preds = %78, %75
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #4
  %81 = add i32 %76, 1
  %82 = zext i32 %81 to i64
  %83 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %82) #4
  %84 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -1, i32 noundef -2) #4
  %85 = icmp eq i32 %84, 0
  br i1 %85, label %65, label %75, !llvm.loop !21

86:                                               ; preds = %67, %91
  %87 = phi i32 [ %92, %91 ], [ %70, %67 ]
  %88 = icmp ult i32 %87, %69
  br i1 %88, label %89, label %91, !prof !5

89:                                               ; preds = %86
  %90 = tail call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([35 x i8], [35 x i8]* @.str.19, i64 0, i64 0)) #4
  br label %91

91:                                               ; preds = %89, %86
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #4
  %92 = add i32 %87, -1
  %93 = zext i32 %92 to i64
  %94 = tail call i32 @lua_geti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %93) #4
  %95 = tail call fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef -3, i32 noundef -1) #4
  %96 = icmp eq i32 %95, 0
  br i1 %96, label %97, label %86, !llvm.loop !22

97:                                               ; preds = %91, %67
  %98 = phi i32 [ %70, %67 ], [ %92, %91 ]
  %99 = icmp ult i32 %98, %69
  %100 = zext i32 %98 to i64
  br i1 %99, label %101, label %55

101:                                              ; preds = %97
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %53) #4
  tail call void @lua_seti(%struct.lua_State* noundef %0, i32 noundef 1, i64 noundef %68) #4
  %102 = sub i32 %69, %9
  %103 = sub i32 %8, %69
  %104 = icmp ult i32 %102, %103
  br i1 %104, label %105, label %108

105:                                              ; preds = %101
  %106 = add i32 %69, -1
  tail call fastcc void @auxsort(%struct.lua_State* noundef %0, i32 noundef %9, i32 noundef %106, i32 noundef %7)
  %107 = add i32 %69, 1
  br label %111

108:                                              ; preds = %101
  %109 = add i32 %69, 1
  tail call fastcc void @auxsort(%struct.lua_State* noundef %0, i32 noundef %109, i32 noundef %8, i32 noundef %7)
  %110 = add i32 %69, -1
  br label %111

111:                                              ; preds = %108, %105
  %112 = phi i32 [ %107, %105 ], [ %9, %108 ]
  %113 = phi i32 [ %8, %105 ], [ %110, %108 ]
  %114 = phi i32 [ %102, %105 ], [ %103, %108 ]
  %115 = sub i32 %113, %112
  %116 = lshr i32 %115, 7
  %117 = icmp ugt i32 %116, %114
  br i1 %117, label %118, label %130

118:                                              ; preds = %111
  %119 = tail call i64 @clock() #4
  %120 = tail call i64 @time(i64* noundef null) #4
  %121 = trunc i64 %119 to i32
  %122 = lshr i64 %119, 32
  %123 = trunc i64 %122 to i32
  %124 = add i32 %123, %121
  %125 = trunc i64 %120 to i32
  %126 = add i32 %124, %125
  %127 = lshr i64 %120, 32
  %128 = trunc i64 %127 to i32
  %129 = add i32 %126, %128
  br label %130

130:                                              ; preds = %111, %118
  %131 = phi i32 [ %129, %118 ], [ %7, %111 ]
  %132 = icmp ugt i32 %113, %112
  br i1 %132, label %6, label %133

133:                                              ; preds = %130, %18, %48, %4
  ret void
}

; Function Attrs: nounwind uwtable
define internal fastcc i32 @sort_comp(%struct.lua_State* noundef %0, i32 noundef %1, i32 noundef %2) unnamed_addr #0 {
  %4 = tail call i32 @lua_type(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %6, label %8

6:                                                ; preds = %3
  %7 = tail call i32 @lua_compare(%struct.lua_State* noundef %0, i32 noundef %1, i32 noundef %2, i32 noundef 1) #4
  br label %12

8:                                                ; preds = %3
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef 2) #4
  %9 = add nsw i32 %1, -1
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef %9) #4
  %10 = add nsw i32 %2, -2
  tail call void @lua_pushvalue(%struct.lua_State* noundef %0, i32 noundef %10) #4
  tail call void @lua_callk(%struct.lua_State* noundef %0, i32 noundef 2, i32 noundef 1, i64 noundef 0, i32 (%struct.lua_State*, i32, i64)* noundef null) #4
  %11 = tail call i32 @lua_toboolean(%struct.lua_State* noundef %0, i32 noundef -1) #4
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #4
  br label %12

12:                                               ; preds = %8, %6
  %13 = phi i32 [ %7, %6 ], [ %11, %8 ]
  ret i32 %13
}

declare void @lua_callk(%struct.lua_State* noundef, i32 noundef, i32 noundef, i64 noundef, i32 (%struct.lua_State*, i32, i64)* noundef) local_unnamed_addr #1

declare i32 @lua_toboolean(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind
declare i64 @clock() local_unnamed_addr #3

; Function Attrs: nounwind
declare i64 @time(i64* noundef) local_unnamed_addr #3

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!"branch_weights", i32 1, i32 2000}
!6 = !{!7, !7, i64 0}
!7 = !{!"long", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"branch_weights", i32 2000, i32 1}
!13 = distinct !{!13, !11}
!14 = distinct !{!14, !11}
!15 = !{!"branch_weights", i32 1073205, i32 2146410443}
!16 = distinct !{!16, !11}
!17 = !{!"branch_weights", i32 1, i32 4001}
!18 = distinct !{!18, !11}
!19 = distinct !{!19, !11}
!20 = distinct !{!20, !11}
!21 = distinct !{!21, !11}
!22 = distinct !{!22, !11}
