; ModuleID = 'linit.c'
source_filename = "linit.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.lua_State = type opaque

@.str = private unnamed_addr constant [3 x i8] c"_G\00", align 1
@.str.1 = private unnamed_addr constant [8 x i8] c"package\00", align 1
@.str.2 = private unnamed_addr constant [10 x i8] c"coroutine\00", align 1
@.str.3 = private unnamed_addr constant [6 x i8] c"table\00", align 1
@.str.4 = private unnamed_addr constant [3 x i8] c"io\00", align 1
@.str.5 = private unnamed_addr constant [3 x i8] c"os\00", align 1
@.str.6 = private unnamed_addr constant [7 x i8] c"string\00", align 1
@.str.7 = private unnamed_addr constant [5 x i8] c"math\00", align 1
@.str.8 = private unnamed_addr constant [5 x i8] c"utf8\00", align 1
@.str.9 = private unnamed_addr constant [6 x i8] c"debug\00", align 1

; Function Attrs: nounwind uwtable
define dso_local void @luaL_openlibs(%struct.lua_State* noundef %0) local_unnamed_addr #0 {
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_base, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([8 x i8], [8 x i8]* @.str.1, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_package, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([10 x i8], [10 x i8]* @.str.2, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_coroutine, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.3, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_table, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.4, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_io, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([3 x i8], [3 x i8]* @.str.5, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_os, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str.6, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_string, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.7, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_math, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.8, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_utf8, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  tail call void @luaL_requiref(%struct.lua_State* noundef %0, i8* noundef getelementptr inbounds ([6 x i8], [6 x i8]* @.str.9, i64 0, i64 0), i32 (%struct.lua_State*)* noundef nonnull @luaopen_debug, i32 noundef 1) #2
  tail call void @lua_settop(%struct.lua_State* noundef %0, i32 noundef -2) #2
  ret void
}

declare void @luaL_requiref(%struct.lua_State* noundef, i8* noundef, i32 (%struct.lua_State*)* noundef, i32 noundef) local_unnamed_addr #1

declare void @lua_settop(%struct.lua_State* noundef, i32 noundef) local_unnamed_addr #1

declare i32 @luaopen_base(%struct.lua_State* noundef) #1

declare i32 @luaopen_package(%struct.lua_State* noundef) #1

declare i32 @luaopen_coroutine(%struct.lua_State* noundef) #1

declare i32 @luaopen_table(%struct.lua_State* noundef) #1

declare i32 @luaopen_io(%struct.lua_State* noundef) #1

declare i32 @luaopen_os(%struct.lua_State* noundef) #1

declare i32 @luaopen_string(%struct.lua_State* noundef) #1

declare i32 @luaopen_math(%struct.lua_State* noundef) #1

declare i32 @luaopen_utf8(%struct.lua_State* noundef) #1

declare i32 @luaopen_debug(%struct.lua_State* noundef) #1

attributes #0 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
