; ModuleID = 'lmem.c'
source_filename = "lmem.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.lua_State = type { %struct.GCObject*, i8, i8, i8, i8, i16, %union.StackValue*, %struct.global_State*, %struct.CallInfo*, %union.StackValue*, %union.StackValue*, %struct.UpVal*, %union.StackValue*, %struct.GCObject*, %struct.lua_State*, %struct.lua_longjmp*, %struct.CallInfo, void (%struct.lua_State*, %struct.lua_Debug*)*, i64, i32, i32, i32, i32, i32 }
%struct.global_State = type { i8* (i8*, i8*, i64, i64)*, i8*, i64, i64, i64, i64, %struct.stringtable, %struct.TValue, %struct.TValue, i32, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, %struct.GCObject*, %struct.GCObject**, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.GCObject*, %struct.lua_State*, i32 (%struct.lua_State*)*, %struct.lua_State*, %struct.TString*, [25 x %struct.TString*], [9 x %struct.Table*], [53 x [2 x %struct.TString*]], void (i8*, i8*, i32)*, i8* }
%struct.stringtable = type { %struct.TString**, i32, i32 }
%struct.TValue = type { %union.Value, i8 }
%union.Value = type { %struct.GCObject* }
%struct.TString = type { %struct.GCObject*, i8, i8, i8, i8, i32, %union.anon, [1 x i8] }
%union.anon = type { i64 }
%struct.Table = type { %struct.GCObject*, i8, i8, i8, i8, i32, %struct.TValue*, %union.Node*, %union.Node*, %struct.Table*, %struct.GCObject* }
%union.Node = type { %struct.NodeKey }
%struct.NodeKey = type { %union.Value, i8, i8, i32, %union.Value }
%struct.UpVal = type { %struct.GCObject*, i8, i8, i8, %struct.TValue*, %union.anon.5 }
%union.anon.5 = type { %struct.anon.6 }
%struct.anon.6 = type { %struct.UpVal*, %struct.UpVal** }
%union.StackValue = type { %struct.TValue }
%struct.GCObject = type { %struct.GCObject*, i8, i8 }
%struct.lua_longjmp = type opaque
%struct.CallInfo = type { %union.StackValue*, %union.StackValue*, %struct.CallInfo*, %struct.CallInfo*, %union.anon.0, %union.anon.3, i16, i16 }
%union.anon.0 = type { %struct.anon.2 }
%struct.anon.2 = type { i32 (%struct.lua_State*, i32, i64)*, i64, i64 }
%union.anon.3 = type { i32 }
%struct.lua_Debug = type { i32, i8*, i8*, i8*, i8*, i64, i32, i32, i32, i8, i8, i8, i8, i16, i16, [60 x i8], %struct.CallInfo* }

@.str = private unnamed_addr constant [26 x i8] c"too many %s (limit is %d)\00", align 1
@.str.1 = private unnamed_addr constant [39 x i8] c"memory allocation error: block too big\00", align 1

; Function Attrs: nounwind uwtable
define hidden i8* @luaM_growaux_(%struct.lua_State* noundef %0, i8* noundef %1, i32 noundef %2, i32* nocapture noundef %3, i32 noundef %4, i32 noundef %5, i8* noundef %6) local_unnamed_addr #0 {
  %8 = load i32, i32* %3, align 4, !tbaa !5
  %9 = icmp sgt i32 %8, %2
  br i1 %9, label %52, label %10

10:                                               ; preds = %7
  %11 = sdiv i32 %5, 2
  %12 = icmp slt i32 %8, %11
  br i1 %12, label %16, label %13

13:                                               ; preds = %10
  %14 = icmp slt i32 %8, %5
  br i1 %14, label %20, label %15, !prof !9

15:                                               ; preds = %13
  tail call void (%struct.lua_State*, i8*, ...) @luaG_runerror(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([26 x i8], [26 x i8]* @.str, i64 0, i64 0), i8* noundef %6, i32 noundef %5) #4
  unreachable

16:                                               ; preds = %10
  %17 = shl nsw i32 %8, 1
  %18 = icmp sgt i32 %17, 4
  %19 = select i1 %18, i32 %17, i32 4
  br label %20

20:                                               ; preds = %13, %16
  %21 = phi i32 [ %19, %16 ], [ %5, %13 ]
  %22 = sext i32 %8 to i64
  %23 = sext i32 %4 to i64
  %24 = mul nsw i64 %22, %23
  %25 = sext i32 %21 to i64
  %26 = mul nsw i64 %25, %23
  %27 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %28 = load %struct.global_State*, %struct.global_State** %27, align 8, !tbaa !10
  %29 = getelementptr inbounds %struct.global_State, %struct.global_State* %28, i64 0, i32 0
  %30 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %29, align 8, !tbaa !16
  %31 = getelementptr inbounds %struct.global_State, %struct.global_State* %28, i64 0, i32 1
  %32 = load i8*, i8** %31, align 8, !tbaa !20
  %33 = tail call i8* %30(i8* noundef %32, i8* noundef %1, i64 noundef %24, i64 noundef %26) #5
  %34 = icmp eq i8* %33, null
  %35 = icmp ne i64 %26, 0
  %36 = and i1 %35, %34
  br i1 %36, label %37, label %40, !prof !21

37:                                               ; preds = %20
  %38 = tail call fastcc i8* @tryagain(%struct.lua_State* noundef nonnull %0, i8* noundef %1, i64 noundef %24, i64 noundef %26) #5
  %39 = icmp eq i8* %38, null
  br i1 %39, label %46, label %40

40:                                               ; preds = %37, %20
  %41 = phi i8* [ %38, %37 ], [ %33, %20 ]
  %42 = getelementptr inbounds %struct.global_State, %struct.global_State* %28, i64 0, i32 3
  %43 = load i64, i64* %42, align 8, !tbaa !22
  %44 = sub nsw i64 %26, %24
  %45 = add i64 %44, %43
  store i64 %45, i64* %42, align 8, !tbaa !22
  br label %46

46:                                               ; preds = %40, %37
  %47 = phi i8* [ %41, %40 ], [ null, %37 ]
  %48 = icmp eq i8* %47, null
  %49 = and i1 %35, %48
  br i1 %49, label %50, label %51, !prof !21

50:                                               ; preds = %46
  tail call void @luaD_throw(%struct.lua_State* noundef nonnull %0, i32 noundef 4) #4
  unreachable

51:                                               ; preds = %46
  store i32 %21, i32* %3, align 4, !tbaa !5
  br label %52

52:                                               ; preds = %7, %51
  %53 = phi i8* [ %47, %51 ], [ %1, %7 ]
  ret i8* %53
}

; Function Attrs: noreturn
declare hidden void @luaG_runerror(%struct.lua_State* noundef, i8* noundef, ...) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define hidden i8* @luaM_saferealloc_(%struct.lua_State* noundef %0, i8* noundef %1, i64 noundef %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %6 = load %struct.global_State*, %struct.global_State** %5, align 8, !tbaa !10
  %7 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 0
  %8 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %7, align 8, !tbaa !16
  %9 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 1
  %10 = load i8*, i8** %9, align 8, !tbaa !20
  %11 = tail call i8* %8(i8* noundef %10, i8* noundef %1, i64 noundef %2, i64 noundef %3) #5
  %12 = icmp eq i8* %11, null
  %13 = icmp ne i64 %3, 0
  %14 = and i1 %13, %12
  br i1 %14, label %15, label %18, !prof !21

15:                                               ; preds = %4
  %16 = tail call fastcc i8* @tryagain(%struct.lua_State* noundef nonnull %0, i8* noundef %1, i64 noundef %2, i64 noundef %3) #5
  %17 = icmp eq i8* %16, null
  br i1 %17, label %24, label %18

18:                                               ; preds = %15, %4
  %19 = phi i8* [ %16, %15 ], [ %11, %4 ]
  %20 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 3
  %21 = load i64, i64* %20, align 8, !tbaa !22
  %22 = sub i64 %3, %2
  %23 = add i64 %22, %21
  store i64 %23, i64* %20, align 8, !tbaa !22
  br label %24

24:                                               ; preds = %15, %18
  %25 = phi i8* [ %19, %18 ], [ null, %15 ]
  %26 = icmp eq i8* %25, null
  %27 = and i1 %13, %26
  br i1 %27, label %28, label %29, !prof !21

28:                                               ; preds = %24
  tail call void @luaD_throw(%struct.lua_State* noundef nonnull %0, i32 noundef 4) #4
  unreachable

29:                                               ; preds = %24
  ret i8* %25
}

; Function Attrs: nounwind uwtable
define hidden i8* @luaM_shrinkvector_(%struct.lua_State* noundef %0, i8* noundef %1, i32* nocapture noundef %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = load i32, i32* %2, align 4, !tbaa !5
  %7 = mul nsw i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = mul nsw i32 %4, %3
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %12 = load %struct.global_State*, %struct.global_State** %11, align 8, !tbaa !10
  %13 = getelementptr inbounds %struct.global_State, %struct.global_State* %12, i64 0, i32 0
  %14 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %13, align 8, !tbaa !16
  %15 = getelementptr inbounds %struct.global_State, %struct.global_State* %12, i64 0, i32 1
  %16 = load i8*, i8** %15, align 8, !tbaa !20
  %17 = tail call i8* %14(i8* noundef %16, i8* noundef %1, i64 noundef %8, i64 noundef %10) #5
  %18 = icmp eq i8* %17, null
  %19 = icmp ne i32 %9, 0
  %20 = and i1 %19, %18
  br i1 %20, label %21, label %38, !prof !21

21:                                               ; preds = %5
  %22 = load %struct.global_State*, %struct.global_State** %11, align 8, !tbaa !10
  %23 = getelementptr inbounds %struct.global_State, %struct.global_State* %22, i64 0, i32 8, i32 1
  %24 = load i8, i8* %23, align 8, !tbaa !23
  %25 = and i8 %24, 15
  %26 = icmp eq i8 %25, 0
  br i1 %26, label %27, label %44

27:                                               ; preds = %21
  %28 = getelementptr inbounds %struct.global_State, %struct.global_State* %22, i64 0, i32 13
  %29 = load i8, i8* %28, align 1, !tbaa !24
  %30 = icmp eq i8 %29, 0
  br i1 %30, label %31, label %44

31:                                               ; preds = %27
  tail call void @luaC_fullgc(%struct.lua_State* noundef nonnull %0, i32 noundef 1) #5
  %32 = getelementptr inbounds %struct.global_State, %struct.global_State* %22, i64 0, i32 0
  %33 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %32, align 8, !tbaa !16
  %34 = getelementptr inbounds %struct.global_State, %struct.global_State* %22, i64 0, i32 1
  %35 = load i8*, i8** %34, align 8, !tbaa !20
  %36 = tail call i8* %33(i8* noundef %35, i8* noundef %1, i64 noundef %8, i64 noundef %10) #5
  %37 = icmp eq i8* %36, null
  br i1 %37, label %44, label %38

38:                                               ; preds = %31, %5
  %39 = phi i8* [ %36, %31 ], [ %17, %5 ]
  %40 = getelementptr inbounds %struct.global_State, %struct.global_State* %12, i64 0, i32 3
  %41 = load i64, i64* %40, align 8, !tbaa !22
  %42 = sub nsw i64 %10, %8
  %43 = add i64 %42, %41
  store i64 %43, i64* %40, align 8, !tbaa !22
  br label %44

44:                                               ; preds = %21, %27, %38, %31
  %45 = phi i8* [ %39, %38 ], [ null, %31 ], [ null, %27 ], [ null, %21 ]
  %46 = icmp eq i8* %45, null
  %47 = and i1 %19, %46
  br i1 %47, label %48, label %49, !prof !21

48:                                               ; preds = %44
  tail call void @luaD_throw(%struct.lua_State* noundef nonnull %0, i32 noundef 4) #4
  unreachable

49:                                               ; preds = %44
  store i32 %3, i32* %2, align 4, !tbaa !5
  ret i8* %45
}

; Function Attrs: noreturn nounwind uwtable
define hidden void @luaM_toobig(%struct.lua_State* noundef %0) local_unnamed_addr #2 {
  tail call void (%struct.lua_State*, i8*, ...) @luaG_runerror(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([39 x i8], [39 x i8]* @.str.1, i64 0, i64 0)) #4
  unreachable
}

; Function Attrs: nounwind uwtable
define hidden void @luaM_free_(%struct.lua_State* nocapture noundef readonly %0, i8* noundef %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %5 = load %struct.global_State*, %struct.global_State** %4, align 8, !tbaa !10
  %6 = getelementptr inbounds %struct.global_State, %struct.global_State* %5, i64 0, i32 0
  %7 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %6, align 8, !tbaa !16
  %8 = getelementptr inbounds %struct.global_State, %struct.global_State* %5, i64 0, i32 1
  %9 = load i8*, i8** %8, align 8, !tbaa !20
  %10 = tail call i8* %7(i8* noundef %9, i8* noundef %1, i64 noundef %2, i64 noundef 0) #5
  %11 = getelementptr inbounds %struct.global_State, %struct.global_State* %5, i64 0, i32 3
  %12 = load i64, i64* %11, align 8, !tbaa !22
  %13 = sub i64 %12, %2
  store i64 %13, i64* %11, align 8, !tbaa !22
  ret void
}

; Function Attrs: nounwind uwtable
define hidden i8* @luaM_realloc_(%struct.lua_State* noundef %0, i8* noundef %1, i64 noundef %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %6 = load %struct.global_State*, %struct.global_State** %5, align 8, !tbaa !10
  %7 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 0
  %8 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %7, align 8, !tbaa !16
  %9 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 1
  %10 = load i8*, i8** %9, align 8, !tbaa !20
  %11 = tail call i8* %8(i8* noundef %10, i8* noundef %1, i64 noundef %2, i64 noundef %3) #5
  %12 = icmp eq i8* %11, null
  %13 = icmp ne i64 %3, 0
  %14 = and i1 %13, %12
  br i1 %14, label %15, label %18, !prof !21

15:                                               ; preds = %4
  %16 = tail call fastcc i8* @tryagain(%struct.lua_State* noundef nonnull %0, i8* noundef %1, i64 noundef %2, i64 noundef %3)
  %17 = icmp eq i8* %16, null
  br i1 %17, label %24, label %18

18:                                               ; preds = %15, %4
  %19 = phi i8* [ %16, %15 ], [ %11, %4 ]
  %20 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 3
  %21 = load i64, i64* %20, align 8, !tbaa !22
  %22 = sub i64 %3, %2
  %23 = add i64 %22, %21
  store i64 %23, i64* %20, align 8, !tbaa !22
  br label %24

24:                                               ; preds = %15, %18
  %25 = phi i8* [ %19, %18 ], [ null, %15 ]
  ret i8* %25
}

; Function Attrs: nounwind uwtable
define internal fastcc i8* @tryagain(%struct.lua_State* noundef %0, i8* noundef %1, i64 noundef %2, i64 noundef %3) unnamed_addr #0 {
  %5 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %6 = load %struct.global_State*, %struct.global_State** %5, align 8, !tbaa !10
  %7 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 8, i32 1
  %8 = load i8, i8* %7, align 8, !tbaa !23
  %9 = and i8 %8, 15
  %10 = icmp eq i8 %9, 0
  br i1 %10, label %11, label %21

11:                                               ; preds = %4
  %12 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 13
  %13 = load i8, i8* %12, align 1, !tbaa !24
  %14 = icmp eq i8 %13, 0
  br i1 %14, label %15, label %21

15:                                               ; preds = %11
  tail call void @luaC_fullgc(%struct.lua_State* noundef nonnull %0, i32 noundef 1) #5
  %16 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 0
  %17 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %16, align 8, !tbaa !16
  %18 = getelementptr inbounds %struct.global_State, %struct.global_State* %6, i64 0, i32 1
  %19 = load i8*, i8** %18, align 8, !tbaa !20
  %20 = tail call i8* %17(i8* noundef %19, i8* noundef %1, i64 noundef %2, i64 noundef %3) #5
  br label %21

21:                                               ; preds = %4, %11, %15
  %22 = phi i8* [ %20, %15 ], [ null, %11 ], [ null, %4 ]
  ret i8* %22
}

; Function Attrs: noreturn
declare hidden void @luaD_throw(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define hidden i8* @luaM_malloc_(%struct.lua_State* noundef %0, i64 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp eq i64 %1, 0
  br i1 %4, label %24, label %5

5:                                                ; preds = %3
  %6 = getelementptr inbounds %struct.lua_State, %struct.lua_State* %0, i64 0, i32 7
  %7 = load %struct.global_State*, %struct.global_State** %6, align 8, !tbaa !10
  %8 = getelementptr inbounds %struct.global_State, %struct.global_State* %7, i64 0, i32 0
  %9 = load i8* (i8*, i8*, i64, i64)*, i8* (i8*, i8*, i64, i64)** %8, align 8, !tbaa !16
  %10 = getelementptr inbounds %struct.global_State, %struct.global_State* %7, i64 0, i32 1
  %11 = load i8*, i8** %10, align 8, !tbaa !20
  %12 = sext i32 %2 to i64
  %13 = tail call i8* %9(i8* noundef %11, i8* noundef null, i64 noundef %12, i64 noundef %1) #5
  %14 = icmp eq i8* %13, null
  br i1 %14, label %15, label %19, !prof !21

15:                                               ; preds = %5
  %16 = tail call fastcc i8* @tryagain(%struct.lua_State* noundef nonnull %0, i8* noundef null, i64 noundef %12, i64 noundef %1)
  %17 = icmp eq i8* %16, null
  br i1 %17, label %18, label %19

18:                                               ; preds = %15
  tail call void @luaD_throw(%struct.lua_State* noundef nonnull %0, i32 noundef 4) #4
  unreachable

19:                                               ; preds = %15, %5
  %20 = phi i8* [ %16, %15 ], [ %13, %5 ]
  %21 = getelementptr inbounds %struct.global_State, %struct.global_State* %7, i64 0, i32 3
  %22 = load i64, i64* %21, align 8, !tbaa !22
  %23 = add i64 %22, %1
  store i64 %23, i64* %21, align 8, !tbaa !22
  br label %24

24:                                               ; preds = %3, %19
  %25 = phi i8* [ %20, %19 ], [ null, %3 ]
  ret i8* %25
}

declare hidden void @luaC_fullgc(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #3

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { noreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { noreturn nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { noreturn nounwind }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!"branch_weights", i32 2000, i32 1}
!10 = !{!11, !12, i64 24}
!11 = !{!"lua_State", !12, i64 0, !7, i64 8, !7, i64 9, !7, i64 10, !7, i64 11, !13, i64 12, !12, i64 16, !12, i64 24, !12, i64 32, !12, i64 40, !12, i64 48, !12, i64 56, !12, i64 64, !12, i64 72, !12, i64 80, !12, i64 88, !14, i64 96, !12, i64 160, !15, i64 168, !6, i64 176, !6, i64 180, !6, i64 184, !6, i64 188, !6, i64 192}
!12 = !{!"any pointer", !7, i64 0}
!13 = !{!"short", !7, i64 0}
!14 = !{!"CallInfo", !12, i64 0, !12, i64 8, !12, i64 16, !12, i64 24, !7, i64 32, !7, i64 56, !13, i64 60, !13, i64 62}
!15 = !{!"long", !7, i64 0}
!16 = !{!17, !12, i64 0}
!17 = !{!"global_State", !12, i64 0, !12, i64 8, !15, i64 16, !15, i64 24, !15, i64 32, !15, i64 40, !18, i64 48, !19, i64 64, !19, i64 80, !6, i64 96, !7, i64 100, !7, i64 101, !7, i64 102, !7, i64 103, !7, i64 104, !7, i64 105, !7, i64 106, !7, i64 107, !7, i64 108, !7, i64 109, !7, i64 110, !12, i64 112, !12, i64 120, !12, i64 128, !12, i64 136, !12, i64 144, !12, i64 152, !12, i64 160, !12, i64 168, !12, i64 176, !12, i64 184, !12, i64 192, !12, i64 200, !12, i64 208, !12, i64 216, !12, i64 224, !12, i64 232, !12, i64 240, !12, i64 248, !12, i64 256, !12, i64 264, !12, i64 272, !7, i64 280, !7, i64 480, !7, i64 552, !12, i64 1400, !12, i64 1408}
!18 = !{!"stringtable", !12, i64 0, !6, i64 8, !6, i64 12}
!19 = !{!"TValue", !7, i64 0, !7, i64 8}
!20 = !{!17, !12, i64 8}
!21 = !{!"branch_weights", i32 1, i32 2000}
!22 = !{!17, !15, i64 24}
!23 = !{!17, !7, i64 88}
!24 = !{!17, !7, i64 103}
