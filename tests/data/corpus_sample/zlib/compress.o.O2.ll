; ModuleID = 'compress.c'
source_filename = "compress.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.z_stream_s = type { i8*, i32, i64, i8*, i32, i64, i8*, %struct.internal_state*, i8* (i8*, i32, i32)*, void (i8*, i8*)*, i8*, i32, i64, i64 }
%struct.internal_state = type opaque

@.str = private unnamed_addr constant [7 x i8] c"1.2.13\00", align 1

; Function Attrs: nounwind uwtable
define dso_local i32 @compress2(i8* noundef %0, i64* nocapture noundef %1, i8* noundef %2, i64 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = alloca %struct.z_stream_s, align 8
  %7 = bitcast %struct.z_stream_s* %6 to i8*
  call void @llvm.lifetime.start.p0i8(i64 112, i8* nonnull %7) #5
  %8 = load i64, i64* %1, align 8, !tbaa !5
  store i64 0, i64* %1, align 8, !tbaa !5
  %9 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 8
  %10 = bitcast i8* (i8*, i32, i32)** %9 to i8*
  call void @llvm.memset.p0i8.i64(i8* noundef nonnull align 8 dereferenceable(24) %10, i8 0, i64 24, i1 false)
  %11 = call i32 @deflateInit_(%struct.z_stream_s* noundef nonnull %6, i32 noundef %4, i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str, i64 0, i64 0), i32 noundef 112) #5
  %12 = icmp eq i32 %11, 0
  br i1 %12, label %13, label %51

13:                                               ; preds = %5
  %14 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 3
  store i8* %0, i8** %14, align 8, !tbaa !9
  %15 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 4
  store i32 0, i32* %15, align 8, !tbaa !13
  %16 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 0
  store i8* %2, i8** %16, align 8, !tbaa !14
  %17 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 1
  store i32 0, i32* %17, align 8, !tbaa !15
  br label %20

18:                                               ; preds = %39
  %19 = load i32, i32* %15, align 8, !tbaa !13
  br label %20

20:                                               ; preds = %18, %13
  %21 = phi i32 [ %19, %18 ], [ 0, %13 ]
  %22 = phi i64 [ %40, %18 ], [ %3, %13 ]
  %23 = phi i64 [ %31, %18 ], [ %8, %13 ]
  %24 = icmp eq i32 %21, 0
  br i1 %24, label %25, label %30

25:                                               ; preds = %20
  %26 = icmp ult i64 %23, 4294967295
  %27 = select i1 %26, i64 %23, i64 4294967295
  %28 = trunc i64 %27 to i32
  store i32 %28, i32* %15, align 8, !tbaa !13
  %29 = sub i64 %23, %27
  br label %30

30:                                               ; preds = %25, %20
  %31 = phi i64 [ %29, %25 ], [ %23, %20 ]
  %32 = load i32, i32* %17, align 8, !tbaa !15
  %33 = icmp eq i32 %32, 0
  br i1 %33, label %34, label %39

34:                                               ; preds = %30
  %35 = icmp ult i64 %22, 4294967295
  %36 = select i1 %35, i64 %22, i64 4294967295
  %37 = trunc i64 %36 to i32
  store i32 %37, i32* %17, align 8, !tbaa !15
  %38 = sub i64 %22, %36
  br label %39

39:                                               ; preds = %34, %30
  %40 = phi i64 [ %38, %34 ], [ %22, %30 ]
  %41 = icmp eq i64 %40, 0
  %42 = select i1 %41, i32 4, i32 0
  %43 = call i32 @deflate(%struct.z_stream_s* noundef nonnull %6, i32 noundef %42) #5
  %44 = icmp eq i32 %43, 0
  br i1 %44, label %18, label %45, !llvm.loop !16

45:                                               ; preds = %39
  %46 = getelementptr inbounds %struct.z_stream_s, %struct.z_stream_s* %6, i64 0, i32 5
  %47 = load i64, i64* %46, align 8, !tbaa !18
  store i64 %47, i64* %1, align 8, !tbaa !5
  %48 = call i32 @deflateEnd(%struct.z_stream_s* noundef nonnull %6) #5
  %49 = icmp eq i32 %43, 1
  %50 = select i1 %49, i32 0, i32 %43
  br label %51

51:                                               ; preds = %5, %45
  %52 = phi i32 [ %50, %45 ], [ %11, %5 ]
  call void @llvm.lifetime.end.p0i8(i64 112, i8* nonnull %7) #5
  ret i32 %52
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

declare i32 @deflateInit_(%struct.z_stream_s* noundef, i32 noundef, i8* noundef, i32 noundef) local_unnamed_addr #2

declare i32 @deflate(%struct.z_stream_s* noundef, i32 noundef) local_unnamed_addr #2

declare i32 @deflateEnd(%struct.z_stream_s* noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local i32 @compress(i8* noundef %0, i64* nocapture noundef %1, i8* noundef %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = tail call i32 @compress2(i8* noundef %0, i64* noundef %1, i8* noundef %2, i64 noundef %3, i32 noundef -1)
  ret i32 %5
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i64 @compressBound(i64 noundef %0) local_unnamed_addr #3 {
  %2 = lshr i64 %0, 12
  %3 = lshr i64 %0, 14
  %4 = lshr i64 %0, 25
  %5 = add i64 %0, 13
  %6 = add i64 %5, %2
  %7 = add i64 %6, %3
  %8 = add i64 %7, %4
  ret i64 %8
}

; Function Attrs: argmemonly nofree nounwind willreturn writeonly
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg) #4

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { argmemonly nofree nounwind willreturn writeonly }
attributes #5 = { nounwind }

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
!9 = !{!10, !11, i64 24}
!10 = !{!"z_stream_s", !11, i64 0, !12, i64 8, !6, i64 16, !11, i64 24, !12, i64 32, !6, i64 40, !11, i64 48, !11, i64 56, !11, i64 64, !11, i64 72, !11, i64 80, !12, i64 88, !6, i64 96, !6, i64 104}
!11 = !{!"any pointer", !7, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = !{!10, !12, i64 32}
!14 = !{!10, !11, i64 0}
!15 = !{!10, !12, i64 8}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!10, !6, i64 40}
