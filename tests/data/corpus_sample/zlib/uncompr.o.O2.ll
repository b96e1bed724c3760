; ModuleID = 'uncompr.c'
source_filename = "uncompr.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.z_stream_s = type { i8*, i32, i64, i8*, i32, i64, i8*, %struct.internal_state*, i8* (i8*, i32, i32)*, void (i8*, i8*)*, i8*, i32, i64, i64 }
%struct.internal_state = type opaque

@.str = private unnamed_addr constant [7 x i8] c"1.2.13\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @uncompress2(i8* noundef %0, i64* nocapture noundef %1, i8* noundef %2, i64* nocapture noundef %3) local_unnamed_addr #0 {
  %5 = alloca %struct.z_stream_s, align 8
  %6 = alloca [1 x i8], align 1
  %7 = bitcast %struct.z_stream_s* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 112, i8* nonnull %7) #4
  %8 = getelementptr inbounds [1 x i8], [1 x i8]* %6, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 1, i8* nonnull %8) #4
  %9 = load i64, i64* %3, align 8, !tbaa !5
  %10 = load i64, i64* %1, align 8, !tbaa !5
  %11 = icmp eq i64 %10, 0
  br i1 %11, label %13, label %12

12:                                               ; preds = %4
  store i64 0, i64* %1, align 8, !tbaa !5
  br label %13

13:                                               ; preds = %4, %12
  %14 = phi i8* [ %0, %12 ], [ %8, %4 ]
  %15 = phi i64 [ %10, %12 ], [ 1, %4 ]
  %16 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 0
  store i8* %2, i8** %16, align 8, !tbaa !9
  %17 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 1
  store i32 0, i32* %17, align 8, !tbaa !13
  %18 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 8
  %19 = bitcast i8* (i8*, i32, i32)** %18 to i8*
  call void @llvm.memset.p0i8.i64(i8* noundef nonnull align 8 dereferenceable(24) %19, i8 0, i64 24, i1 false)
  %20 = call i32 @inflateInit_(%struct.z_stream_s* noundef nonnull %5, i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str, i64 0, i64 0), i32 noundef 112) #4
  %21 = icmp eq i32 %20, 0
  br i1 %21, label %22, label %75

22:                                               ; preds = %13
  %23 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 3
  store i8* %14, i8** %23, align 8, !tbaa !14
  %24 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 4
  store i32 0, i32* %24, align 8, !tbaa !15
  br label %27

25:                                               ; preds = %46
  %26 = load i32, i32* %24, align 8, !tbaa !15
  br label %27

27:                                               ; preds = %25, %22
  %28 = phi i32 [ %26, %25 ], [ 0, %22 ]
  %29 = phi i64 [ %47, %25 ], [ %9, %22 ]
  %30 = phi i64 [ %38, %25 ], [ %15, %22 ]
  %31 = icmp eq i32 %28, 0
  br i1 %31, label %32, label %37

32:                                               ; preds = %27
  %33 = icmp ult i64 %30, 4294967295
  %34 = select i1 %33, i64 %30, i64 4294967295
  %35 = trunc i64 %34 to i32
  store i32 %35, i32* %24, align 8, !tbaa !15
  %36 = sub i64 %30, %34
  br label %37

37:                                               ; preds = %32, %27
  %38 = phi i64 [ %36, %32 ], [ %30, %27 ]
  %39 = load i32, i32* %17, align 8, !tbaa !13
  %40 = icmp eq i32 %39, 0
  br i1 %40, label %41, label %46

41:                                               ; preds = %37
  %42 = icmp ult i64 %29, 4294967295
  %43 = select i1 %42, i64 %29, i64 4294967295
  %44 = trunc i64 %43 to i32
  store i32 %44, i32* %17, align 8, !tbaa !13
  %45 = sub i64 %29, %43
  br label %46

46:                                               ; preds = %41, %37
  %47 = phi i64 [ %45, %41 ], [ %29, %37 ]
  %48 = call i32 @inflate(%struct.z_stream_s* noundef nonnull %5, i32 noundef 0) #4
  %49 = icmp eq i32 %48, 0
  br i1 %49, label %25, label %50, !llvm.loop !16

50:                                               ; preds = %46
  %51 = load i32, i32* %17, align 8, !tbaa !13
  %52 = zext i32 %51 to i64
  %53 = load i64, i64* %3, align 8, !tbaa !5
  %54 = add i64 %47, %52
  %55 = sub i64 %53, %54
  store i64 %55, i64* %3, align 8, !tbaa !5
  %56 = icmp eq i8* %14, %8
  %57 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %5, i64 0, i32 5
  %58 = load i64, i64* %57, align 8, !tbaa !18
  br i1 %56, label %60, label %59

59:                                               ; preds = %50
  store i64 %58, i64* %1, align 8, !tbaa !5
  br label %65

60:                                               ; preds = %50
  %61 = icmp ne i64 %58, 0
  %62 = icmp eq i32 %48, -5
  %63 = select i1 %61, i1 %62, i1 false
  %64 = select i1 %63, i64 1, i64 %38
  br label %65

65:                                               ; preds = %60, %59
  %66 = phi i64 [ %38, %59 ], [ %64, %60 ]
  %67 = call i32 @inflateEnd(%struct.z_stream_s* noundef nonnull %5) #4
  switch i32 %48, label %73 [
    i32 1, label %75
    i32 2, label %74
    i32 -5, label %68
  ]

68:                                               ; preds = %65
  %69 = load i32, i32* %24, align 8, !tbaa !15
  %70 = zext i32 %69 to i64
  %71 = sub nsw i64 0, %70
  %72 = icmp eq i64 %66, %71
  br i1 %72, label %73, label %75

73:                                               ; preds = %65, %68
  br label %75

74:                                               ; preds = %65
  br label %75

75:                                               ; preds = %73, %68, %74, %65, %13
  %76 = phi i32 [ %20, %13 ], [ 0, %65 ], [ %48, %73 ], [ -3, %68 ], [ -3, %74 ]
  call void @llvm.lifetime.end.p0i8(i64 1, i8* nonnull %8) #4
  call void @llvm.lifetime.end.p0i8(i64 112, i8* nonnull %7) #4
  ret i32 %76
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

declare i32 @inflateInit_(%struct.z_stream_s* noundef, i8* noundef, i32 noundef) local_unnamed_addr #2

declare i32 @inflate(%struct.z_stream_s* noundef, i32 noundef) local_unnamed_addr #2

declare i32 @inflateEnd(%struct.z_stream_s* noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local i32 @uncompress(i8* noundef %0, i64* nocapture noundef %1, i8* noundef %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = alloca i64, align 8
  store i64 %3, i64* %5, align 8, !tbaa !5
  %6 = call i32 @uncompress2(i8* noundef %0, i64* noundef %1, i8* noundef %2, i64* noundef nonnull %5)
  ret i32 %6
}

; Function Attrs: argmemonly nofree nounwind willreturn writeonly
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg) #3

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { argmemonly nofree nounwind willreturn writeonly }
attributes #4 = { nounwind }

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
!9 = !{!10, !11, i64 0}
!10 = !{!"z_stream_s", !11, i64 0, !12, i64 8, !6, i64 16, !11, i64 24, !12, i64 32, !6, i64 40, !11, i64 48, !11, i64 56, !11, i64 64, !11, i64 72, !11, i64 80, !12, i64 88, !6, i64 96, !6, i64 104}
!11 = !{!"any pointer", !7, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = !{!10, !12, i64 8}
!14 = !{!10, !11, i64 24}
!15 = !{!10, !12, i64 32}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!10, !6, i64 40}
