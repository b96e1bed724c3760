; ModuleID = 'test/minigzip.c'
source_filename = "test/minigzip.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque
%struct.gzFile_s = type { i32, i8*, i64 }

@stderr = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str = private unnamed_addr constant [8 x i8] c"%s: %s\0A\00", align 1
@prog = internal unnamed_addr global i8* null, align 8
@.str.1 = private unnamed_addr constant [6 x i8] c"fread\00", align 1
@.str.2 = private unnamed_addr constant [15 x i8] c"failed gzclose\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"failed fwrite\00", align 1
@.str.4 = private unnamed_addr constant [14 x i8] c"failed fclose\00", align 1
@.str.5 = private unnamed_addr constant [23 x i8] c"%s: filename too long\0A\00", align 1
@.str.6 = private unnamed_addr constant [5 x i8] c"%s%s\00", align 1
@.str.7 = private unnamed_addr constant [4 x i8] c".gz\00", align 1
@.str.8 = private unnamed_addr constant [3 x i8] c"rb\00", align 1
@.str.9 = private unnamed_addr constant [21 x i8] c"%s: can't gzopen %s\0A\00", align 1
@.str.10 = private unnamed_addr constant [3 x i8] c"%s\00", align 1
@.str.11 = private unnamed_addr constant [3 x i8] c"wb\00", align 1
@.str.12 = private unnamed_addr constant [5 x i8] c"wb6 \00", align 1
@.str.13 = private unnamed_addr constant [7 x i8] c"gunzip\00", align 1
@.str.14 = private unnamed_addr constant [5 x i8] c"zcat\00", align 1
@.str.15 = private unnamed_addr constant [3 x i8] c"-c\00", align 1
@.str.16 = private unnamed_addr constant [3 x i8] c"-d\00", align 1
@.str.17 = private unnamed_addr constant [3 x i8] c"-f\00", align 1
@.str.18 = private unnamed_addr constant [3 x i8] c"-h\00", align 1
@.str.19 = private unnamed_addr constant [3 x i8] c"-r\00", align 1
@stdin = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str.20 = private unnamed_addr constant [20 x i8] c"can't gzdopen stdin\00", align 1
@stdout = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str.21 = private unnamed_addr constant [21 x i8] c"can't gzdopen stdout\00", align 1

; Function Attrs: noreturn nounwind uwtable
define dso_local void @error(i8* noundef %0) local_unnamed_addr #0 {
  %2 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %3 = load i8*, i8** @prog, align 8, !tbaa !5
  %4 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %2, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %3, i8* noundef %0) #9
  tail call void @exit(i32 noundef 1) #10
  unreachable
}

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(%struct._IO_FILE* nocapture noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #1

; Function Attrs: noreturn nounwind
declare void @exit(i32 noundef) local_unnamed_addr #2

; Function Attrs: nounwind uwtable
define dso_local void @gz_compress(%struct._IO_FILE* nocapture noundef %0, %struct.gzFile_s* noundef %1) local_unnamed_addr #3 {
  %3 = alloca [16384 x i8], align 16
  %4 = alloca i32, align 4
  %5 = getelementptr inbounds [16384 x i8], [16384 x i8]* %3, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 16384, i8* nonnull %5) #11
  %6 = bitcast i32* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %6) #11
  br label %7

7:                                                ; preds = %15, %2
  %8 = call i64 @fread(i8* noundef nonnull %5, i64 noundef 1, i64 noundef 16384, %struct._IO_FILE* noundef %0)
  %9 = trunc i64 %8 to i32
  %10 = call i32 @ferror(%struct._IO_FILE* noundef %0) #11
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %13, label %12

12:                                               ; preds = %7
  call void @perror(i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.1, i64 0, i64 0)) #9
  call void @exit(i32 noundef 1) #10
  unreachable

13:                                               ; preds = %7
  %14 = icmp eq i32 %9, 0
  br i1 %14, label %23, label %15

15:                                               ; preds = %13
  %16 = call i32 @gzwrite(%struct.gzFile_s* noundef %1, i8* noundef nonnull %5, i32 noundef %9) #11
  %17 = icmp eq i32 %16, %9
  br i1 %17, label %7, label %18

18:                                               ; preds = %15
  %19 = call i8* @gzerror(%struct.gzFile_s* noundef %1, i32* noundef nonnull %4) #11
  %20 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %21 = load i8*, i8** @prog, align 8, !tbaa !5
  %22 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %20, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %21, i8* noundef %19) #12
  call void @exit(i32 noundef 1) #10
  unreachable

23:                                               ; preds = %13
  %24 = call i32 @fclose(%struct._IO_FILE* noundef %0)
  %25 = call i32 @gzclose(%struct.gzFile_s* noundef %1) #11
  %26 = icmp eq i32 %25, 0
  br i1 %26, label %31, label %27

27:                                               ; preds = %23
  %28 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %29 = load i8*, i8** @prog, align 8, !tbaa !5
  %30 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %28, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %29, i8* noundef getelementptr inbounds ([15 x i8], [15 x i8]* @.str.2, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

31:                                               ; preds = %23
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %6) #11
  call void @llvm.lifetime.end.p0i8(i64 16384, i8* nonnull %5) #11
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #4

; Function Attrs: nofree nounwind
declare noundef i64 @fread(i8* nocapture noundef, i64 noundef, i64 noundef, %struct._IO_FILE* nocapture noundef) local_unnamed_addr #1

; Function Attrs: nofree nounwind readonly
declare noundef i32 @ferror(%struct._IO_FILE* nocapture noundef) local_unnamed_addr #5

; Function Attrs: nofree nounwind
declare void @perror(i8* nocapture noundef readonly) local_unnamed_addr #1

declare i32 @gzwrite(%struct.gzFile_s* noundef, i8* noundef, i32 noundef) local_unnamed_addr #6

declare i8* @gzerror(%struct.gzFile_s* noundef, i32* noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @fclose(%struct._IO_FILE* nocapture noundef) local_unnamed_addr #1

declare i32 @gzclose(%struct.gzFile_s* noundef) local_unnamed_addr #6

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #4

; Function Attrs: nounwind uwtable
define dso_local void @gz_uncompress(%struct.gzFile_s* noundef %0, %struct._IO_FILE* nocapture noundef %1) local_unnamed_addr #3 {
  %3 = alloca [16384 x i8], align 16
  %4 = alloca i32, align 4
  %5 = getelementptr inbounds [16384 x i8], [16384 x i8]* %3, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 16384, i8* nonnull %5) #11
  %6 = bitcast i32* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %6) #11
  br label %7

7:                                                ; preds = %17, %2
  %8 = call i32 @gzread(%struct.gzFile_s* noundef %0, i8* noundef nonnull %5, i32 noundef 16384) #11
  %9 = icmp slt i32 %8, 0
  br i1 %9, label %10, label %15

10:                                               ; preds = %7
  %11 = call i8* @gzerror(%struct.gzFile_s* noundef %0, i32* noundef nonnull %4) #11
  %12 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %13 = load i8*, i8** @prog, align 8, !tbaa !5
  %14 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %12, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %13, i8* noundef %11) #12
  call void @exit(i32 noundef 1) #10
  unreachable

15:                                               ; preds = %7
  %16 = icmp eq i32 %8, 0
  br i1 %16, label %26, label %17

17:                                               ; preds = %15
  %18 = zext i32 %8 to i64
  %19 = call i64 @fwrite(i8* noundef nonnull %5, i64 noundef 1, i64 noundef %18, %struct._IO_FILE* noundef %1)
  %20 = trunc i64 %19 to i32
  %21 = icmp eq i32 %8, %20
  br i1 %21, label %7, label %22

22:                                               ; preds = %17
  %23 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %24 = load i8*, i8** @prog, align 8, !tbaa !5
  %25 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %23, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %24, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.3, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

26:                                               ; preds = %15
  %27 = call i32 @fclose(%struct._IO_FILE* noundef %1)
  %28 = icmp eq i32 %27, 0
  br i1 %28, label %33, label %29

29:                                               ; preds = %26
  %30 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %31 = load i8*, i8** @prog, align 8, !tbaa !5
  %32 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %30, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %31, i8* noundef getelementptr inbounds ([14 x i8], [14 x i8]* @.str.4, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

33:                                               ; preds = %26
  %34 = call i32 @gzclose(%struct.gzFile_s* noundef %0) #11
  %35 = icmp eq i32 %34, 0
  br i1 %35, label %40, label %36

36:                                               ; preds = %33
  %37 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %38 = load i8*, i8** @prog, align 8, !tbaa !5
  %39 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %37, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %38, i8* noundef getelementptr inbounds ([15 x i8], [15 x i8]* @.str.2, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

40:                                               ; preds = %33
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %6) #11
  call void @llvm.lifetime.end.p0i8(i64 16384, i8* nonnull %5) #11
  ret void
}

declare i32 @gzread(%struct.gzFile_s* noundef, i8* noundef, i32 noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i64 @fwrite(i8* nocapture noundef, i64 noundef, i64 noundef, %struct._IO_FILE* nocapture noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local void @file_compress(i8* noundef %0, i8* noundef %1) local_unnamed_addr #3 {
  %3 = alloca [1024 x i8], align 16
  %4 = getelementptr inbounds [1024 x i8], [1024 x i8]* %3, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 1024, i8* nonnull %4) #11
  %5 = tail call i64 @strlen(i8* noundef nonnull dereferenceable(1) %0) #13
  %6 = add i64 %5, -1021
  %7 = icmp ult i64 %6, -1024
  br i1 %7, label %8, label %12

8:                                                ; preds = %2
  %9 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %10 = load i8*, i8** @prog, align 8, !tbaa !5
  %11 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %9, i8* noundef getelementptr inbounds ([23 x i8], [23 x i8]* @.str.5, i64 0, i64 0), i8* noundef %10) #9
  tail call void @exit(i32 noundef 1) #10
  unreachable

12:                                               ; preds = %2
  %13 = call i32 (i8*, i64, i8*, ...) @snprintf(i8* noundef nonnull %4, i64 noundef 1024, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.6, i64 0, i64 0), i8* noundef %0, i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.7, i64 0, i64 0)) #11
  %14 = tail call noalias %struct._IO_FILE* @fopen64(i8* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.8, i64 0, i64 0))
  %15 = icmp eq %struct._IO_FILE* %14, null
  br i1 %15, label %16, label %17

16:                                               ; preds = %12
  tail call void @perror(i8* noundef %0) #9
  tail call void @exit(i32 noundef 1) #10
  unreachable

17:                                               ; preds = %12
  %18 = call %struct.gzFile_s* @gzopen64(i8* noundef nonnull %4, i8* noundef %1) #11
  %19 = icmp eq %struct.gzFile_s* %18, null
  br i1 %19, label %20, label %24

20:                                               ; preds = %17
  %21 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %22 = load i8*, i8** @prog, align 8, !tbaa !5
  %23 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %21, i8* noundef getelementptr inbounds ([21 x i8], [21 x i8]* @.str.9, i64 0, i64 0), i8* noundef %22, i8* noundef nonnull %4) #9
  call void @exit(i32 noundef 1) #10
  unreachable

24:                                               ; preds = %17
  call void @gz_compress(%struct._IO_FILE* noundef nonnull %14, %struct.gzFile_s* noundef nonnull %18)
  %25 = call i32 @unlink(i8* noundef %0) #11
  call void @llvm.lifetime.end.p0i8(i64 1024, i8* nonnull %4) #11
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i64 @strlen(i8* nocapture noundef) local_unnamed_addr #7

; Function Attrs: nofree nounwind
declare noundef i32 @snprintf(i8* noalias nocapture noundef writeonly, i64 noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #1

; Function Attrs: nofree nounwind
declare noalias noundef %struct._IO_FILE* @fopen64(i8* nocapture noundef readonly, i8* nocapture noundef readonly) local_unnamed_addr #1

declare %struct.gzFile_s* @gzopen64(i8* noundef, i8* noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @unlink(i8* nocapture noundef readonly) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
define dso_local void @file_uncompress(i8* noundef %0) local_unnamed_addr #3 {
  %2 = alloca [1024 x i8], align 16
  %3 = getelementptr inbounds [1024 x i8], [1024 x i8]* %2, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 1024, i8* nonnull %3) #11
  %4 = tail call i64 @strlen(i8* noundef nonnull dereferenceable(1) %0) #13
  %5 = add i64 %4, -1021
  %6 = icmp ult i64 %5, -1024
  br i1 %6, label %7, label %11

7:                                                ; preds = %1
  %8 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %9 = load i8*, i8** @prog, align 8, !tbaa !5
  %10 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %8, i8* noundef getelementptr inbounds ([23 x i8], [23 x i8]* @.str.5, i64 0, i64 0), i8* noundef %9) #9
  tail call void @exit(i32 noundef 1) #10
  unreachable

11:                                               ; preds = %1
  %12 = call i32 (i8*, i64, i8*, ...) @snprintf(i8* noundef nonnull %3, i64 noundef 1024, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.10, i64 0, i64 0), i8* noundef %0) #11
  %13 = icmp ugt i64 %4, 3
  br i1 %13, label %14, label %22

14:                                               ; preds = %11
  %15 = getelementptr inbounds i8, i8* %0, i64 %4
  %16 = getelementptr inbounds i8, i8* %15, i64 -3
  %17 = tail call i32 @strcmp(i8* noundef nonnull %16, i8* noundef nonnull dereferenceable(4) getelementptr inbounds ([4 x i8], [4 x i8]* @.str.7, i64 0, i64 0)) #13
  %18 = icmp eq i32 %17, 0
  br i1 %18, label %19, label %22

19:                                               ; preds = %14
  %20 = add nsw i64 %4, -3
  %21 = getelementptr inbounds [1024 x i8], [1024 x i8]* %2, i64 0, i64 %20
  store i8 0, i8* %21, align 1, !tbaa !9
  br label %26

22:                                               ; preds = %14, %11
  %23 = getelementptr inbounds [1024 x i8], [1024 x i8]* %2, i64 0, i64 %4
  %24 = sub nsw i64 1024, %4
  %25 = call i32 (i8*, i64, i8*, ...) @snprintf(i8* noundef nonnull %23, i64 noundef %24, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.10, i64 0, i64 0), i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.7, i64 0, i64 0)) #11
  br label %26

26:                                               ; preds = %22, %19
  %27 = phi i8* [ %3, %19 ], [ %0, %22 ]
  %28 = phi i8* [ %0, %19 ], [ %3, %22 ]
  %29 = call %struct.gzFile_s* @gzopen64(i8* noundef %28, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.8, i64 0, i64 0)) #11
  %30 = icmp eq %struct.gzFile_s* %29, null
  br i1 %30, label %31, label %35

31:                                               ; preds = %26
  %32 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %33 = load i8*, i8** @prog, align 8, !tbaa !5
  %34 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %32, i8* noundef getelementptr inbounds ([21 x i8], [21 x i8]* @.str.9, i64 0, i64 0), i8* noundef %33, i8* noundef %28) #9
  call void @exit(i32 noundef 1) #10
  unreachable

35:                                               ; preds = %26
  %36 = call noalias %struct._IO_FILE* @fopen64(i8* noundef %27, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.11, i64 0, i64 0))
  %37 = icmp eq %struct._IO_FILE* %36, null
  br i1 %37, label %38, label %39

38:                                               ; preds = %35
  call void @perror(i8* noundef %0) #9
  call void @exit(i32 noundef 1) #10
  unreachable

39:                                               ; preds = %35
  call void @gz_uncompress(%struct.gzFile_s* noundef nonnull %29, %struct._IO_FILE* noundef nonnull %36)
  %40 = call i32 @unlink(i8* noundef %28) #11
  call void @llvm.lifetime.end.p0i8(i64 1024, i8* nonnull %3) #11
  ret void
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i32 @strcmp(i8* nocapture noundef, i8* nocapture noundef) local_unnamed_addr #7

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, i8** nocapture noundef readonly %1) local_unnamed_addr #3 {
  %3 = alloca [20 x i8], align 16
  %4 = getelementptr inbounds [20 x i8], [20 x i8]* %3, i64 0, i64 0
  call void @llvm.lifetime.start.p0i8(i64 20, i8* nonnull %4) #11
  call void @llvm.memcpy.p0i8.p0i8.i32(i8* noundef nonnull align 16 dereferenceable(5) %4, i8* noundef nonnull align 1 dereferenceable(5) getelementptr inbounds ([5 x i8], [5 x i8]* @.str.12, i64 0, i64 0), i32 5, i1 false)
  %5 = load i8*, i8** %1, align 8, !tbaa !5
  store i8* %5, i8** @prog, align 8, !tbaa !5
  %6 = tail call i8* @strrchr(i8* noundef nonnull dereferenceable(1) %5, i32 noundef 47) #13
  %7 = icmp eq i8* %6, null
  %8 = getelementptr inbounds i8, i8* %6, i64 1
  %9 = select i1 %7, i8* %5, i8* %8
  %10 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %9, i8* noundef nonnull dereferenceable(7) getelementptr inbounds ([7 x i8], [7 x i8]* @.str.13, i64 0, i64 0)) #13
  %11 = icmp eq i32 %10, 0
  br i1 %11, label %16, label %12

12:                                               ; preds = %2
  %13 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %9, i8* noundef nonnull dereferenceable(5) getelementptr inbounds ([5 x i8], [5 x i8]* @.str.14, i64 0, i64 0)) #13
  %14 = icmp eq i32 %13, 0
  %15 = zext i1 %14 to i32
  br label %16

16:                                               ; preds = %12, %2
  %17 = phi i32 [ 0, %2 ], [ %15, %12 ]
  %18 = phi i32 [ 1, %2 ], [ %15, %12 ]
  %19 = getelementptr inbounds i8*, i8** %1, i64 1
  %20 = add nsw i32 %0, -1
  %21 = icmp sgt i32 %0, 1
  br i1 %21, label %22, label %76

22:                                               ; preds = %16
  %23 = getelementptr inbounds [20 x i8], [20 x i8]* %3, i64 0, i64 2
  %24 = getelementptr inbounds [20 x i8], [20 x i8]* %3, i64 0, i64 3
  br label %25

25:                                               ; preds = %22, %62
  %26 = phi i8 [ 32, %22 ], [ %63, %62 ]
  %27 = phi i32 [ %20, %22 ], [ %67, %62 ]
  %28 = phi i8** [ %19, %22 ], [ %66, %62 ]
  %29 = phi i32 [ %18, %22 ], [ %65, %62 ]
  %30 = phi i32 [ %17, %22 ], [ %64, %62 ]
  %31 = load i8*, i8** %28, align 8, !tbaa !5
  %32 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %31, i8* noundef nonnull dereferenceable(3) getelementptr inbounds ([3 x i8], [3 x i8]* @.str.15, i64 0, i64 0)) #13
  %33 = icmp eq i32 %32, 0
  br i1 %33, label %62, label %34

34:                                               ; preds = %25
  %35 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %31, i8* noundef nonnull dereferenceable(3) getelementptr inbounds ([3 x i8], [3 x i8]* @.str.16, i64 0, i64 0)) #13
  %36 = icmp eq i32 %35, 0
  br i1 %36, label %62, label %37

37:                                               ; preds = %34
  %38 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %31, i8* noundef nonnull dereferenceable(3) getelementptr inbounds ([3 x i8], [3 x i8]* @.str.17, i64 0, i64 0)) #13
  %39 = icmp eq i32 %38, 0
  br i1 %39, label %40, label %41

40:                                               ; preds = %37
  store i8 102, i8* %24, align 1, !tbaa !9
  br label %62

41:                                               ; preds = %37
  %42 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %31, i8* noundef nonnull dereferenceable(3) getelementptr inbounds ([3 x i8], [3 x i8]* @.str.18, i64 0, i64 0)) #13
  %43 = icmp eq i32 %42, 0
  br i1 %43, label %44, label %45

44:                                               ; preds = %41
  store i8 104, i8* %24, align 1, !tbaa !9
  br label %62

45:                                               ; preds = %41
  %46 = tail call i32 @strcmp(i8* noundef nonnull dereferenceable(1) %31, i8* noundef nonnull dereferenceable(3) getelementptr inbounds ([3 x i8], [3 x i8]* @.str.19, i64 0, i64 0)) #13
  %47 = icmp eq i32 %46, 0
  br i1 %47, label %48, label %49

48:                                               ; preds = %45
  store i8 82, i8* %24, align 1, !tbaa !9
  br label %62

49:                                               ; preds = %45
  %50 = load i8, i8* %31, align 1, !tbaa !9
  %51 = icmp eq i8 %50, 45
  br i1 %51, label %52, label %69

52:                                               ; preds = %49
  %53 = getelementptr inbounds i8, i8* %31, i64 1
  %54 = load i8, i8* %53, align 1, !tbaa !9
  %55 = add i8 %54, -49
  %56 = icmp ult i8 %55, 9
  br i1 %56, label %57, label %69

57:                                               ; preds = %52
  %58 = getelementptr inbounds i8, i8* %31, i64 2
  %59 = load i8, i8* %58, align 1, !tbaa !9
  %60 = icmp eq i8 %59, 0
  br i1 %60, label %61, label %69

61:                                               ; preds = %57
  store i8 %54, i8* %23, align 2, !tbaa !9
  br label %62

62:                                               ; preds = %34, %25, %44, %61, %48, %40
  %63 = phi i8 [ 102, %40 ], [ 104, %44 ], [ 82, %48 ], [ %26, %61 ], [ %26, %25 ], [ %26, %34 ]
  %64 = phi i32 [ %30, %40 ], [ %30, %44 ], [ %30, %48 ], [ %30, %61 ], [ 1, %25 ], [ %30, %34 ]
  %65 = phi i32 [ %29, %40 ], [ %29, %44 ], [ %29, %48 ], [ %29, %61 ], [ %29, %25 ], [ 1, %34 ]
  %66 = getelementptr inbounds i8*, i8** %28, i64 1
  %67 = add nsw i32 %27, -1
  %68 = icmp sgt i32 %27, 1
  br i1 %68, label %25, label %69, !llvm.loop !10

69:                                               ; preds = %62, %57, %52, %49
  %70 = phi i8 [ %63, %62 ], [ %26, %57 ], [ %26, %52 ], [ %26, %49 ]
  %71 = phi i32 [ %64, %62 ], [ %30, %57 ], [ %30, %52 ], [ %30, %49 ]
  %72 = phi i32 [ %65, %62 ], [ %29, %57 ], [ %29, %52 ], [ %29, %49 ]
  %73 = phi i8** [ %66, %62 ], [ %28, %57 ], [ %28, %52 ], [ %28, %49 ]
  %74 = phi i32 [ 0, %62 ], [ %27, %57 ], [ %27, %52 ], [ %27, %49 ]
  %75 = icmp eq i8 %70, 32
  br i1 %75, label %76, label %82

76:                                               ; preds = %16, %69
  %77 = phi i32 [ %74, %69 ], [ %20, %16 ]
  %78 = phi i8** [ %73, %69 ], [ %19, %16 ]
  %79 = phi i32 [ %72, %69 ], [ %18, %16 ]
  %80 = phi i32 [ %71, %69 ], [ %17, %16 ]
  %81 = getelementptr inbounds [20 x i8], [20 x i8]* %3, i64 0, i64 3
  store i8 0, i8* %81, align 1, !tbaa !9
  br label %82

82:                                               ; preds = %76, %69
  %83 = phi i32 [ %77, %76 ], [ %74, %69 ]
  %84 = phi i8** [ %78, %76 ], [ %73, %69 ]
  %85 = phi i32 [ %79, %76 ], [ %72, %69 ]
  %86 = phi i32 [ %80, %76 ], [ %71, %69 ]
  %87 = icmp eq i32 %83, 0
  %88 = icmp eq i32 %85, 0
  br i1 %87, label %91, label %89

89:                                               ; preds = %82
  %90 = icmp eq i32 %86, 0
  br label %114

91:                                               ; preds = %82
  br i1 %88, label %103, label %92

92:                                               ; preds = %91
  %93 = load %struct._IO_FILE*, %struct._IO_FILE** @stdin, align 8, !tbaa !5
  %94 = tail call i32 @fileno(%struct._IO_FILE* noundef %93) #11
  %95 = tail call %struct.gzFile_s* @gzdopen(i32 noundef %94, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.8, i64 0, i64 0)) #11
  %96 = icmp eq %struct.gzFile_s* %95, null
  br i1 %96, label %97, label %101

97:                                               ; preds = %92
  %98 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %99 = load i8*, i8** @prog, align 8, !tbaa !5
  %100 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %98, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %99, i8* noundef getelementptr inbounds ([20 x i8], [20 x i8]* @.str.20, i64 0, i64 0)) #12
  tail call void @exit(i32 noundef 1) #10
  unreachable

101:                                              ; preds = %92
  %102 = load %struct._IO_FILE*, %struct._IO_FILE** @stdout, align 8, !tbaa !5
  tail call void @gz_uncompress(%struct.gzFile_s* noundef nonnull %95, %struct._IO_FILE* noundef %102)
  br label %151

103:                                              ; preds = %91
  %104 = load %struct._IO_FILE*, %struct._IO_FILE** @stdout, align 8, !tbaa !5
  %105 = tail call i32 @fileno(%struct._IO_FILE* noundef %104) #11
  %106 = call %struct.gzFile_s* @gzdopen(i32 noundef %105, i8* noundef nonnull %4) #11
  %107 = icmp eq %struct.gzFile_s* %106, null
  br i1 %107, label %108, label %112

108:                                              ; preds = %103
  %109 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %110 = load i8*, i8** @prog, align 8, !tbaa !5
  %111 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %109, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %110, i8* noundef getelementptr inbounds ([21 x i8], [21 x i8]* @.str.21, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

112:                                              ; preds = %103
  %113 = load %struct._IO_FILE*, %struct._IO_FILE** @stdin, align 8, !tbaa !5
  call void @gz_compress(%struct._IO_FILE* noundef %113, %struct.gzFile_s* noundef nonnull %106)
  br label %151

114:                                              ; preds = %89, %147
  %115 = phi i8** [ %148, %147 ], [ %84, %89 ]
  %116 = phi i32 [ %149, %147 ], [ %83, %89 ]
  %117 = load i8*, i8** %115, align 8, !tbaa !5
  br i1 %88, label %130, label %118

118:                                              ; preds = %114
  br i1 %90, label %129, label %119

119:                                              ; preds = %118
  %120 = call %struct.gzFile_s* @gzopen64(i8* noundef %117, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.8, i64 0, i64 0)) #11
  %121 = icmp eq %struct.gzFile_s* %120, null
  br i1 %121, label %122, label %127

122:                                              ; preds = %119
  %123 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %124 = load i8*, i8** @prog, align 8, !tbaa !5
  %125 = load i8*, i8** %115, align 8, !tbaa !5
  %126 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %123, i8* noundef getelementptr inbounds ([21 x i8], [21 x i8]* @.str.9, i64 0, i64 0), i8* noundef %124, i8* noundef %125) #9
  br label %147

127:                                              ; preds = %119
  %128 = load %struct._IO_FILE*, %struct._IO_FILE** @stdout, align 8, !tbaa !5
  call void @gz_uncompress(%struct.gzFile_s* noundef nonnull %120, %struct._IO_FILE* noundef %128)
  br label %147

129:                                              ; preds = %118
  call void @file_uncompress(i8* noundef %117)
  br label %147

130:                                              ; preds = %114
  br i1 %90, label %146, label %131

131:                                              ; preds = %130
  %132 = call noalias %struct._IO_FILE* @fopen64(i8* noundef %117, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.8, i64 0, i64 0))
  %133 = icmp eq %struct._IO_FILE* %132, null
  br i1 %133, label %134, label %136

134:                                              ; preds = %131
  %135 = load i8*, i8** %115, align 8, !tbaa !5
  call void @perror(i8* noundef %135) #9
  br label %147

136:                                              ; preds = %131
  %137 = load %struct._IO_FILE*, %struct._IO_FILE** @stdout, align 8, !tbaa !5
  %138 = call i32 @fileno(%struct._IO_FILE* noundef %137) #11
  %139 = call %struct.gzFile_s* @gzdopen(i32 noundef %138, i8* noundef nonnull %4) #11
  %140 = icmp eq %struct.gzFile_s* %139, null
  br i1 %140, label %141, label %145

141:                                              ; preds = %136
  %142 = load %struct._IO_FILE*, %struct._IO_FILE** @stderr, align 8, !tbaa !5
  %143 = load i8*, i8** @prog, align 8, !tbaa !5
  %144 = call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %142, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str, i64 0, i64 0), i8* noundef %143, i8* noundef getelementptr inbounds ([21 x i8], [21 x i8]* @.str.21, i64 0, i64 0)) #12
  call void @exit(i32 noundef 1) #10
  unreachable

145:                                              ; preds = %136
  call void @gz_compress(%struct._IO_FILE* noundef nonnull %132, %struct.gzFile_s* noundef nonnull %139)
  br label %147

146:                                              ; preds = %130
  call void @file_compress(i8* noundef %117, i8* noundef nonnull %4)
  br label %147

147:                                              ; preds = %134, %145, %122, %127, %129, %146
  %148 = getelementptr inbounds i8*, i8** %115, i64 1
  %149 = add nsw i32 %116, -1
  %150 = icmp eq i32 %149, 0
  br i1 %150, label %151, label %114, !llvm.loop !12

151:                                              ; preds = %147, %101, %112
  call void @llvm.lifetime.end.p0i8(i64 20, i8* nonnull %4) #11
  ret i32 0
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i8* @strrchr(i8* noundef, i32 noundef) local_unnamed_addr #7

declare %struct.gzFile_s* @gzdopen(i32 noundef, i8* noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind
declare noundef i32 @fileno(%struct._IO_FILE* nocapture noundef) local_unnamed_addr #1

; Function Attrs: argmemonly nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p0i8.i32(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i32, i1 immarg) #8

attributes #0 = { noreturn nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { noreturn nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #5 = { nofree nounwind readonly "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { argmemonly mustprogress nofree nounwind readonly willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { argmemonly nofree nounwind willreturn }
attributes #9 = { cold }
attributes #10 = { noreturn nounwind }
attributes #11 = { nounwind }
attributes #12 = { cold nounwind }
attributes #13 = { nounwind readonly willreturn }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !11}
