; ModuleID = 'lcorolib.c'
source_filename = "lcorolib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.luaL_Reg = type { i8*, i32 (%struct.lua_State*)* }
%struct.lua_State = type opaque
%struct.lua_Debug = type { i32, i8*, i8*, i8*, i8*, i64, i32, i32, i32, i8, i8, i8, i8, i16, i16, [60 x i8], %struct.CallInfo* }
%struct.CallInfo = type opaque

@co_funcs = internal constant [9 x %struct.luaL_Reg] [%struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_cocreate }, %struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.1, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_coresume }, %struct.luaL_Reg { i8* getelementptr inbounds ([8 x i8], [8 x i8]* @.str.2, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_corunning }, %struct.luaL_Reg { i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.3, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_costatus }, %struct.luaL_Reg { i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.4, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_cowrap }, %struct.luaL_Reg { i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.5, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_yield }, %struct.luaL_Reg { i8* getelementptr inbounds ([12 x i8], [12 x i8]* @.str.6, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_yieldable }, %struct.luaL_Reg { i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.7, i32 0, i32 0), i32 (%struct.lua_State*)* @luaB_close }, %struct.luaL_Reg zeroinitializer], align 16
@.str = private unnamed_addr constant [7 x i8] c"create\00", align 1
@.str.1 = private unnamed_addr constant [7 x i8] c"resume\00", align 1
@.str.2 = private unnamed_addr constant [8 x i8] c"running\00", align 1
@.str.3 = private unnamed_addr constant [7 x i8] c"status\00", align 1
@.str.4 = private unnamed_addr constant [5 x i8] c"wrap\00", align 1
@.str.5 = private unnamed_addr constant [6 x i8] c"yield\00", align 1
@.str.6 = private unnamed_addr constant [12 x i8] c"isyieldable\00", align 1
@.str.7 = private unnamed_addr constant [6 x i8] c"close\00", align 1
@.str.8 = private unnamed_addr constant [7 x i8] c"thread\00", align 1
@.str.9 = private unnamed_addr constant [29 x i8] c"too many arguments to resume\00", align 1
@.str.10 = private unnamed_addr constant [27 x i8] c"too many results to resume\00", align 1
@statname = internal constant [4 x i8*] [i8* getelementptr inbounds ([8 x i8], [8 x i8]* @.str.2, i32 0, i32 0), i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.str.11, i32 0, i32 0), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.12, i32 0, i32 0), i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.13, i32 0, i32 0)], align 16
@.str.11 = private unnamed_addr constant [5 x i8] c"dead\00", align 1
@.str.12 = private unnamed_addr constant [10 x i8] c"suspended\00", align 1
@.str.13 = private unnamed_addr constant [7 x i8] c"normal\00", align 1
@.str.14 = private unnamed_addr constant [28 x i8] c"cannot close a %s coroutine\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @luaopen_coroutine(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %3 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @luaL_checkversion_(%struct.lua_State* noundef %3, double noundef 5.040000e+02, i64 noundef 136)
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @lua_createtable(%struct.lua_State* noundef %4, i32 noundef 0, i32 noundef 8)
  %5 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @luaL_setfuncs(%struct.lua_State* noundef %5, %struct.luaL_Reg* noundef getelementptr inbounds ([9 x %struct.luaL_Reg], [9 x %struct.luaL_Reg]* @co_funcs, i64 0, i64 0), i32 noundef 0)
  ret i32 1
}

declare void @luaL_checkversion_(%struct.lua_State* noundef, double noundef, i64 noundef) #1

declare void @lua_createtable(%struct.lua_State* noundef, i32 noundef, i32 noundef) #1

declare void @luaL_setfuncs(%struct.lua_State* noundef, %struct.luaL_Reg* noundef, i32 noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_cocreate(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  %3 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @luaL_checktype(%struct.lua_State* noundef %4, i32 noundef 1, i32 noundef 6)
  %5 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %6 = call %struct.lua_State* @lua_newthread(%struct.lua_State* noundef %5)
  store %struct.lua_State* %6, %struct.lua_State** %3, align 8
  %7 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @lua_pushvalue(%struct.lua_State* noundef %7, i32 noundef 1)
  %8 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %9 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_xmove(%struct.lua_State* noundef %8, %struct.lua_State* noundef %9, i32 noundef 1)
  ret i32 1
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_coresume(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca %struct.lua_State*, align 8
  %4 = alloca %struct.lua_State*, align 8
  %5 = alloca i32, align 4
  store %struct.lua_State* %0, %struct.lua_State** %3, align 8
  %6 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %7 = call %struct.lua_State* @getco(%struct.lua_State* noundef %6)
  store %struct.lua_State* %7, %struct.lua_State** %4, align 8
  %8 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %9 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %10 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %11 = call i32 @lua_gettop(%struct.lua_State* noundef %10)
  %12 = sub nsw i32 %11, 1
  %13 = call i32 @auxresume(%struct.lua_State* noundef %8, %struct.lua_State* noundef %9, i32 noundef %12)
  store i32 %13, i32* %5, align 4
  %14 = load i32, i32* %5, align 4
  %15 = icmp slt i32 %14, 0
  %16 = zext i1 %15 to i32
  %17 = icmp ne i32 %16, 0
  %18 = zext i1 %17 to i32
  %19 = sext i32 %18 to i64
  %20 = icmp ne i64 %19, 0
  br i1 %20, label %21, label %24

21:                                               ; preds = %1
  %22 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_pushboolean(%struct.lua_State* noundef %22, i32 noundef 0)
  %23 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_rotate(%struct.lua_State* noundef %23, i32 noundef -2, i32 noundef 1)
  store i32 2, i32* %2, align 4
  br label %32

24:                                               ; preds = %1
  %25 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_pushboolean(%struct.lua_State* noundef %25, i32 noundef 1)
  %26 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %27 = load i32, i32* %5, align 4
  %28 = add nsw i32 %27, 1
  %29 = sub nsw i32 0, %28
  call void @lua_rotate(%struct.lua_State* noundef %26, i32 noundef %29, i32 noundef 1)
  %30 = load i32, i32* %5, align 4
  %31 = add nsw i32 %30, 1
  store i32 %31, i32* %2, align 4
  br label %32

32:                                               ; preds = %24, %21
  %33 = load i32, i32* %2, align 4
  ret i32 %33
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_corunning(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  %3 = alloca i32, align 4
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %5 = call i32 @lua_pushthread(%struct.lua_State* noundef %4)
  store i32 %5, i32* %3, align 4
  %6 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %7 = load i32, i32* %3, align 4
  call void @lua_pushboolean(%struct.lua_State* noundef %6, i32 noundef %7)
  ret i32 2
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_costatus(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  %3 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %5 = call %struct.lua_State* @getco(%struct.lua_State* noundef %4)
  store %struct.lua_State* %5, %struct.lua_State** %3, align 8
  %6 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %7 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %8 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %9 = call i32 @auxstatus(%struct.lua_State* noundef %7, %struct.lua_State* noundef %8)
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds [4 x i8*], [4 x i8*]* @statname, i64 0, i64 %10
  %12 = load i8*, i8** %11, align 8
  %13 = call i8* @lua_pushstring(%struct.lua_State* noundef %6, i8* noundef %12)
  ret i32 1
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_cowrap(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %3 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %4 = call i32 @luaB_cocreate(%struct.lua_State* noundef %3)
  %5 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  call void @lua_pushcclosure(%struct.lua_State* noundef %5, i32 (%struct.lua_State*)* noundef @luaB_auxwrap, i32 noundef 1)
  ret i32 1
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_yield(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %3 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %5 = call i32 @lua_gettop(%struct.lua_State* noundef %4)
  %6 = call i32 @lua_yieldk(%struct.lua_State* noundef %3, i32 noundef %5, i64 noundef 0, i32 (%struct.lua_State*, i32, i64)* noundef null)
  ret i32 %6
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_yieldable(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  %3 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %5 = call i32 @lua_type(%struct.lua_State* noundef %4, i32 noundef 1)
  %6 = icmp eq i32 %5, -1
  br i1 %6, label %7, label %9

7:                                                ; preds = %1
  %8 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  br label %12

9:                                                ; preds = %1
  %10 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %11 = call %struct.lua_State* @getco(%struct.lua_State* noundef %10)
  br label %12

12:                                               ; preds = %9, %7
  %13 = phi %struct.lua_State* [ %8, %7 ], [ %11, %9 ]
  store %struct.lua_State* %13, %struct.lua_State** %3, align 8
  %14 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %15 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %16 = call i32 @lua_isyieldable(%struct.lua_State* noundef %15)
  call void @lua_pushboolean(%struct.lua_State* noundef %14, i32 noundef %16)
  ret i32 1
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_close(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca %struct.lua_State*, align 8
  %4 = alloca %struct.lua_State*, align 8
  %5 = alloca i32, align 4
  store %struct.lua_State* %0, %struct.lua_State** %3, align 8
  %6 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %7 = call %struct.lua_State* @getco(%struct.lua_State* noundef %6)
  store %struct.lua_State* %7, %struct.lua_State** %4, align 8
  %8 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %9 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %10 = call i32 @auxstatus(%struct.lua_State* noundef %8, %struct.lua_State* noundef %9)
  store i32 %10, i32* %5, align 4
  %11 = load i32, i32* %5, align 4
  switch i32 %11, label %23 [
    i32 1, label %12
    i32 2, label %12
  ]

12:                                               ; preds = %1, %1
  %13 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %14 = call i32 @lua_resetthread(%struct.lua_State* noundef %13)
  store i32 %14, i32* %5, align 4
  %15 = load i32, i32* %5, align 4
  %16 = icmp eq i32 %15, 0
  br i1 %16, label %17, label %19

17:                                               ; preds = %12
  %18 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_pushboolean(%struct.lua_State* noundef %18, i32 noundef 1)
  store i32 1, i32* %2, align 4
  br label %30

19:                                               ; preds = %12
  %20 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_pushboolean(%struct.lua_State* noundef %20, i32 noundef 0)
  %21 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %22 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_xmove(%struct.lua_State* noundef %21, %struct.lua_State* noundef %22, i32 noundef 1)
  store i32 2, i32* %2, align 4
  br label %30

23:                                               ; preds = %1
  %24 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %25 = load i32, i32* %5, align 4
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds [4 x i8*], [4 x i8*]* @statname, i64 0, i64 %26
  %28 = load i8*, i8** %27, align 8
  %29 = call i32 (%struct.lua_State*, i8*, ...) @luaL_error(%struct.lua_State* noundef %24, i8* noundef getelementptr inbounds ([28 x i8], [28 x i8]* @.str.14, i64 0, i64 0), i8* noundef %28)
  store i32 %29, i32* %2, align 4
  br label %30

30:                                               ; preds = %23, %19, %17
  %31 = load i32, i32* %2, align 4
  ret i32 %31
}

declare void @luaL_checktype(%struct.lua_State* noundef, i32 noundef, i32 noundef) #1

declare %struct.lua_State* @lua_newthread(%struct.lua_State* noundef) #1

declare void @lua_pushvalue(%struct.lua_State* noundef, i32 noundef) #1

declare void @lua_xmove(%struct.lua_State* noundef, %struct.lua_State* noundef, i32 noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal %struct.lua_State* @getco(%struct.lua_State* noundef %0) #0 {
  %2 = alloca %struct.lua_State*, align 8
  %3 = alloca %struct.lua_State*, align 8
  store %struct.lua_State* %0, %struct.lua_State** %2, align 8
  %4 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %5 = call %struct.lua_State* @lua_tothread(%struct.lua_State* noundef %4, i32 noundef 1)
  store %struct.lua_State* %5, %struct.lua_State** %3, align 8
  %6 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %7 = icmp ne %struct.lua_State* %6, null
  %8 = zext i1 %7 to i32
  %9 = sext i32 %8 to i64
  %10 = icmp ne i64 %9, 0
  br i1 %10, label %15, label %11

11:                                               ; preds = %1
  %12 = load %struct.lua_State*, %struct.lua_State** %2, align 8
  %13 = call i32 @luaL_typeerror(%struct.lua_State* noundef %12, i32 noundef 1, i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str.8, i64 0, i64 0))
  %14 = icmp ne i32 %13, 0
  br label %15

15:                                               ; preds = %11, %1
  %16 = phi i1 [ true, %1 ], [ %14, %11 ]
  %17 = zext i1 %16 to i32
  %18 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  ret %struct.lua_State* %18
}

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @auxresume(%struct.lua_State* noundef %0, %struct.lua_State* noundef %1, i32 noundef %2) #0 {
  %4 = alloca i32, align 4
  %5 = alloca %struct.lua_State*, align 8
  %6 = alloca %struct.lua_State*, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store %struct.lua_State* %0, %struct.lua_State** %5, align 8
  store %struct.lua_State* %1, %struct.lua_State** %6, align 8
  store i32 %2, i32* %7, align 4
  %10 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %11 = load i32, i32* %7, align 4
  %12 = call i32 @lua_checkstack(%struct.lua_State* noundef %10, i32 noundef %11)
  %13 = icmp ne i32 %12, 0
  %14 = xor i1 %13, true
  %15 = zext i1 %14 to i32
  %16 = icmp ne i32 %15, 0
  %17 = zext i1 %16 to i32
  %18 = sext i32 %17 to i64
  %19 = icmp ne i64 %18, 0
  br i1 %19, label %20, label %23

20:                                               ; preds = %3
  %21 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %22 = call i8* @lua_pushstring(%struct.lua_State* noundef %21, i8* noundef getelementptr inbounds ([29 x i8], [29 x i8]* @.str.9, i64 0, i64 0))
  store i32 -1, i32* %4, align 4
  br label %70

23:                                               ; preds = %3
  %24 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %25 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %26 = load i32, i32* %7, align 4
  call void @lua_xmove(%struct.lua_State* noundef %24, %struct.lua_State* noundef %25, i32 noundef %26)
  %27 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %28 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %29 = load i32, i32* %7, align 4
  %30 = call i32 @lua_resume(%struct.lua_State* noundef %27, %struct.lua_State* noundef %28, i32 noundef %29, i32* noundef %9)
  store i32 %30, i32* %8, align 4
  %31 = load i32, i32* %8, align 4
  %32 = icmp eq i32 %31, 0
  br i1 %32, label %36, label %33

33:                                               ; preds = %23
  %34 = load i32, i32* %8, align 4
  %35 = icmp eq i32 %34, 1
  br label %36

36:                                               ; preds = %33, %23
  %37 = phi i1 [ true, %23 ], [ %35, %33 ]
  %38 = zext i1 %37 to i32
  %39 = icmp ne i32 %38, 0
  %40 = zext i1 %39 to i32
  %41 = sext i32 %40 to i64
  %42 = icmp ne i64 %41, 0
  br i1 %42, label %43, label %67

43:                                               ; preds = %36
  %44 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %45 = load i32, i32* %9, align 4
  %46 = add nsw i32 %45, 1
  %47 = call i32 @lua_checkstack(%struct.lua_State* noundef %44, i32 noundef %46)
  %48 = icmp ne i32 %47, 0
  %49 = xor i1 %48, true
  %50 = zext i1 %49 to i32
  %51 = icmp ne i32 %50, 0
  %52 = zext i1 %51 to i32
  %53 = sext i32 %52 to i64
  %54 = icmp ne i64 %53, 0
  br i1 %54, label %55, label %62

55:                                               ; preds = %43
  %56 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %57 = load i32, i32* %9, align 4
  %58 = sub nsw i32 0, %57
  %59 = sub nsw i32 %58, 1
  call void @lua_settop(%struct.lua_State* noundef %56, i32 noundef %59)
  %60 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %61 = call i8* @lua_pushstring(%struct.lua_State* noundef %60, i8* noundef getelementptr inbounds ([27 x i8], [27 x i8]* @.str.10, i64 0, i64 0))
  store i32 -1, i32* %4, align 4
  br label %70

62:                                               ; preds = %43
  %63 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %64 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %65 = load i32, i32* %9, align 4
  call void @lua_xmove(%struct.lua_State* noundef %63, %struct.lua_State* noundef %64, i32 noundef %65)
  %66 = load i32, i32* %9, align 4
  store i32 %66, i32* %4, align 4
  br label %70

67:                                               ; preds = %36
  %68 = load %struct.lua_State*, %struct.lua_State** %6, align 8
  %69 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  call void @lua_xmove(%struct.lua_State* noundef %68, %struct.lua_State* noundef %69, i32 noundef 1)
  store i32 -1, i32* %4, align 4
  br label %70

70:                                               ; preds = %67, %62, %55, %20
  %71 = load i32, i32* %4, align 4
  ret i32 %71
}

declare i32 @lua_gettop(%struct.lua_State* noundef) #1

declare void @lua_pushboolean(%struct.lua_State* noundef, i32 noundef) #1

declare void @lua_rotate(%struct.lua_State* noundef, i32 noundef, i32 noundef) #1

declare %struct.lua_State* @lua_tothread(%struct.lua_State* noundef, i32 noundef) #1

declare i32 @luaL_typeerror(%struct.lua_State* noundef, i32 noundef, i8* noundef) #1

declare i32 @lua_checkstack(%struct.lua_State* noundef, i32 noundef) #1

declare i8* @lua_pushstring(%struct.lua_State* noundef, i8* noundef) #1

declare i32 @lua_resume(%struct.lua_State* noundef, %struct.lua_State* noundef, i32 noundef, i32* noundef) #1

declare void @lua_settop(%struct.lua_State* noundef, i32 noundef) #1

declare i32 @lua_pushthread(%struct.lua_State* noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @auxstatus(%struct.lua_State* noundef %0, %struct.lua_State* noundef %1) #0 {
  %3 = alloca i32, align 4
  %4 = alloca %struct.lua_State*, align 8
  %5 = alloca %struct.lua_State*, align 8
  %6 = alloca %struct.lua_Debug, align 8
  store %struct.lua_State* %0, %struct.lua_State** %4, align 8
  store %struct.lua_State* %1, %struct.lua_State** %5, align 8
  %7 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %8 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %9 = icmp eq %struct.lua_State* %7, %8
  br i1 %9, label %10, label %11

10:                                               ; preds = %2
  store i32 0, i32* %3, align 4
  br label %27

11:                                               ; preds = %2
  %12 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %13 = call i32 @lua_status(%struct.lua_State* noundef %12)
  switch i32 %13, label %26 [
    i32 1, label %14
    i32 0, label %15
  ]

14:                                               ; preds = %11
  store i32 2, i32* %3, align 4
  br label %27

15:                                               ; preds = %11
  %16 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %17 = call i32 @lua_getstack(%struct.lua_State* noundef %16, i32 noundef 0, %struct.lua_Debug* noundef %6)
  %18 = icmp ne i32 %17, 0
  br i1 %18, label %19, label %20

19:                                               ; preds = %15
  store i32 3, i32* %3, align 4
  br label %27

20:                                               ; preds = %15
  %21 = load %struct.lua_State*, %struct.lua_State** %5, align 8
  %22 = call i32 @lua_gettop(%struct.lua_State* noundef %21)
  %23 = icmp eq i32 %22, 0
  br i1 %23, label %24, label %25

24:                                               ; preds = %20
  store i32 1, i32* %3, align 4
  br label %27

25:                                               ; preds = %20
  store i32 2, i32* %3, align 4
  br label %27

26:                                               ; preds = %11
  store i32 1, i32* %3, align 4
  br label %27

27:                                               ; preds = %26, %25, %24, %19, %14, %10
  %28 = load i32, i32* %3, align 4
  ret i32 %28
}

declare i32 @lua_status(%struct.lua_State* noundef) #1

declare i32 @lua_getstack(%struct.lua_State* noundef, i32 noundef, %struct.lua_Debug* noundef) #1

declare void @lua_pushcclosure(%struct.lua_State* noundef, i32 (%struct.lua_State*)* noundef, i32 noundef) #1

; Function Attrs: noinline nounwind optnone uwtable
define internal i32 @luaB_auxwrap(%struct.lua_State* noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca %struct.lua_State*, align 8
  %4 = alloca %struct.lua_State*, align 8
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store %struct.lua_State* %0, %struct.lua_State** %3, align 8
  %7 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %8 = call %struct.lua_State* @lua_tothread(%struct.lua_State* noundef %7, i32 noundef -1001001)
  store %struct.lua_State* %8, %struct.lua_State** %4, align 8
  %9 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %10 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %11 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %12 = call i32 @lua_gettop(%struct.lua_State* noundef %11)
  %13 = call i32 @auxresume(%struct.lua_State* noundef %9, %struct.lua_State* noundef %10, i32 noundef %12)
  store i32 %13, i32* %5, align 4
  %14 = load i32, i32* %5, align 4
  %15 = icmp slt i32 %14, 0
  %16 = zext i1 %15 to i32
  %17 = icmp ne i32 %16, 0
  %18 = zext i1 %17 to i32
  %19 = sext i32 %18 to i64
  %20 = icmp ne i64 %19, 0
  br i1 %20, label %21, label %48

21:                                               ; preds = %1
  %22 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %23 = call i32 @lua_status(%struct.lua_State* noundef %22)
  store i32 %23, i32* %6, align 4
  %24 = load i32, i32* %6, align 4
  %25 = icmp ne i32 %24, 0
  br i1 %25, label %26, label %34

26:                                               ; preds = %21
  %27 = load i32, i32* %6, align 4
  %28 = icmp ne i32 %27, 1
  br i1 %28, label %29, label %34

29:                                               ; preds = %26
  %30 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %31 = call i32 @lua_resetthread(%struct.lua_State* noundef %30)
  store i32 %31, i32* %6, align 4
  %32 = load %struct.lua_State*, %struct.lua_State** %4, align 8
  %33 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_xmove(%struct.lua_State* noundef %32, %struct.lua_State* noundef %33, i32 noundef 1)
  br label %34

34:                                               ; preds = %29, %26, %21
  %35 = load i32, i32* %6, align 4
  %36 = icmp ne i32 %35, 4
  br i1 %36, label %37, label %45

37:                                               ; preds = %34
  %38 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %39 = call i32 @lua_type(%struct.lua_State* noundef %38, i32 noundef -1)
  %40 = icmp eq i32 %39, 4
  br i1 %40, label %41, label %45

41:                                               ; preds = %37
  %42 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @luaL_where(%struct.lua_State* noundef %42, i32 noundef 1)
  %43 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_rotate(%struct.lua_State* noundef %43, i32 noundef -2, i32 noundef 1)
  %44 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  call void @lua_concat(%struct.lua_State* noundef %44, i32 noundef 2)
  br label %45

45:                                               ; preds = %41, %37, %34
  %46 = load %struct.lua_State*, %struct.lua_State** %3, align 8
  %47 = call i32 @lua_error(%struct.lua_State* noundef %46)
  store i32 %47, i32* %2, align 4
  br label %50

48:                                               ; preds = %1
  %49 = load i32, i32* %5, align 4
  store i32 %49, i32* %2, align 4
  br label %50

50:                                               ; preds = %48, %45
  %51 = load i32, i32* %2, align 4
  ret i32 %51
}

declare i32 @lua_resetthread(%struct.lua_State* noundef) #1

declare i32 @lua_type(%struct.lua_State* noundef, i32 noundef) #1

declare void @luaL_where(%struct.lua_State* noundef, i32 noundef) #1

declare void @lua_concat(%struct.lua_State* noundef, i32 noundef) #1

declare i32 @lua_error(%struct.lua_State* noundef) #1

declare i32 @lua_yieldk(%struct.lua_State* noundef, i32 noundef, i64 noundef, i32 (%struct.lua_State*, i32, i64)* noundef) #1

declare i32 @lua_isyieldable(%struct.lua_State* noundef) #1

declare i32 @luaL_error(%struct.lua_State* noundef, i8* noundef, ...) #1

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 14.0.6"}
