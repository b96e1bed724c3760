; ModuleID = 'inftrees.c'
source_filename = "inftrees.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.code = type { i8, i8, i16 }

@inflate_copyright = dso_local local_unnamed_addr constant [48 x i8] c" inflate 1.2.13 Copyright 1995-2022 Mark Adler \00", align 16
@inflate_table.lbase = internal unnamed_addr constant [31 x i16] [i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 13, i16 15, i16 17, i16 19, i16 23, i16 27, i16 31, i16 35, i16 43, i16 51, i16 59, i16 67, i16 83, i16 99, i16 115, i16 131, i16 163, i16 195, i16 227, i16 258, i16 0, i16 0], align 16
@inflate_table.lext = internal unnamed_addr constant [31 x i16] [i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 17, i16 17, i16 17, i16 17, i16 18, i16 18, i16 18, i16 18, i16 19, i16 19, i16 19, i16 19, i16 20, i16 20, i16 20, i16 20, i16 21, i16 21, i16 21, i16 21, i16 16, i16 194, i16 65], align 16
@inflate_table.dbase = internal unnamed_addr constant [32 x i16] [i16 1, i16 2, i16 3, i16 4, i16 5, i16 7, i16 9, i16 13, i16 17, i16 25, i16 33, i16 49, i16 65, i16 97, i16 129, i16 193, i16 257, i16 385, i16 513, i16 769, i16 1025, i16 1537, i16 2049, i16 3073, i16 4097, i16 6145, i16 8193, i16 12289, i16 16385, i16 24577, i16 0, i16 0], align 16
@inflate_table.dext = internal unnamed_addr constant [32 x i16] [i16 16, i16 16, i16 16, i16 16, i16 17, i16 17, i16 18, i16 18, i16 19, i16 19, i16 20, i16 20, i16 21, i16 21, i16 22, i16 22, i16 23, i16 23, i16 24, i16 24, i16 25, i16 25, i16 26, i16 26, i16 27, i16 27, i16 28, i16 28, i16 29, i16 29, i16 64, i16 64], align 16

; Function Attrs: nofree nosync nounwind uwtable
define hidden i32 @inflate_table(i32 noundef %0, i16* nocapture noundef readonly %1, i32 noundef %2, %struct.code** nocapture noundef %3, i32* nocapture noundef %4, i16* nocapture noundef %5) local_unnamed_addr #0 {
  %7 = alloca [16 x i16], align 16
  %8 = bitcast [16 x i16]* %7 to i8*
  %9 = alloca [16 x i16], align 16
  call void @llvm.lifetime.start.p0i8(i64 32, i8* nonnull %8) #3
  %10 = bitcast [16 x i16]* %9 to i8*
  call void @llvm.lifetime.start.p0i8(i64 32, i8* nonnull %10) #3
  call void @llvm.memset.p0i8.i64(i8* noundef nonnull align 16 dereferenceable(32) %8, i8 0, i64 32, i1 false), !tbaa !5
  %11 = icmp eq i32 %2, 0
  br i1 %11, label %12, label %14

12:                                               ; preds = %6
  %13 = load i32, i32* %4, align 4, !tbaa !9
  br label %74

14:                                               ; preds = %6
  %15 = zext i32 %2 to i64
  %16 = add nsw i64 %15, -1
  %17 = and i64 %15, 3
  %18 = icmp ult i64 %16, 3
  br i1 %18, label %54, label %19

19:                                               ; preds = %14
  %20 = and i64 %15, 4294967292
  br label %21

21:                                               ; preds = %21, %19
  %22 = phi i64 [ 0, %19 ], [ %51, %21 ]
  %23 = phi i64 [ 0, %19 ], [ %52, %21 ]
  %24 = getelementptr inbounds i16, i16* %1, i64 %22
  %25 = load i16, i16* %24, align 2, !tbaa !5
  %26 = zext i16 %25 to i64
  %27 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %26
  %28 = load i16, i16* %27, align 2, !tbaa !5
  %29 = add i16 %28, 1
  store i16 %29, i16* %27, align 2, !tbaa !5
  %30 = or i64 %22, 1
  %31 = getelementptr inbounds i16, i16* %1, i64 %30
  %32 = load i16, i16* %31, align 2, !tbaa !5
  %33 = zext i16 %32 to i64
  %34 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %33
  %35 = load i16, i16* %34, align 2, !tbaa !5
  %36 = add i16 %35, 1
  store i16 %36, i16* %34, align 2, !tbaa !5
  %37 = or i64 %22, 2
  %38 = getelementptr inbounds i16, i16* %1, i64 %37
  %39 = load i16, i16* %38, align 2, !tbaa !5
  %40 = zext i16 %39 to i64
  %41 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %40
  %42 = load i16, i16* %41, align 2, !tbaa !5
  %43 = add i16 %42, 1
  store i16 %43, i16* %41, align 2, !tbaa !5
  %44 = or i64 %22, 3
  %45 = getelementptr inbounds i16, i16* %1, i64 %44
  %46 = load i16, i16* %45, align 2, !tbaa !5
  %47 = zext i16 %46 to i64
  %48 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %47
  %49 = load i16, i16* %48, align 2, !tbaa !5
  %50 = add i16 %49, 1
  store i16 %50, i16* %48, align 2, !tbaa !5
  %51 = add nuw nsw i64 %22, 4
  %52 = add i64 %23, 4
  %53 = icmp eq i64 %52, %20
  br i1 %53, label %54, label %21, !llvm.loop !11

54:                                               ; preds = %21, %14
  %55 = phi i64 [ 0, %14 ], [ %51, %21 ]
  %56 = icmp eq i64 %17, 0
  br i1 %56, label %69, label %57

57:                                               ; preds = %54, %57
  %58 = phi i64 [ %66, %57 ], [ %55, %54 ]
  %59 = phi i64 [ %67, %57 ], [ 0, %54 ]
  %60 = getelementptr inbounds i16, i16* %1, i64 %58
  %61 = load i16, i16* %60, align 2, !tbaa !5
  %62 = zext i16 %61 to i64
  %63 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %62
  %64 = load i16, i16* %63, align 2, !tbaa !5
  %65 = add i16 %64, 1
  store i16 %65, i16* %63, align 2, !tbaa !5
  %66 = add nuw nsw i64 %58, 1
  %67 = add i64 %59, 1
  %68 = icmp eq i64 %67, %17
  br i1 %68, label %69, label %57, !llvm.loop !13

69:                                               ; preds = %57, %54
  %70 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 15
  %71 = load i16, i16* %70, align 2, !tbaa !5
  %72 = load i32, i32* %4, align 4, !tbaa !9
  %73 = icmp eq i16 %71, 0
  br i1 %73, label %74, label %145

74:                                               ; preds = %12, %69
  %75 = phi i32 [ %13, %12 ], [ %72, %69 ]
  %76 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 14
  %77 = load i16, i16* %76, align 4, !tbaa !5
  %78 = icmp eq i16 %77, 0
  br i1 %78, label %79, label %145

79:                                               ; preds = %74
  %80 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 13
  %81 = load i16, i16* %80, align 2, !tbaa !5
  %82 = icmp eq i16 %81, 0
  br i1 %82, label %83, label %145

83:                                               ; preds = %79
  %84 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 12
  %85 = load i16, i16* %84, align 8, !tbaa !5
  %86 = icmp eq i16 %85, 0
  br i1 %86, label %87, label %145

87:                                               ; preds = %83
  %88 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 11
  %89 = load i16, i16* %88, align 2, !tbaa !5
  %90 = icmp eq i16 %89, 0
  br i1 %90, label %91, label %145

91:                                               ; preds = %87
  %92 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 10
  %93 = load i16, i16* %92, align 4, !tbaa !5
  %94 = icmp eq i16 %93, 0
  br i1 %94, label %95, label %145

95:                                               ; preds = %91
  %96 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 9
  %97 = load i16, i16* %96, align 2, !tbaa !5
  %98 = icmp eq i16 %97, 0
  br i1 %98, label %99, label %145

99:                                               ; preds = %95
  %100 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 8
  %101 = load i16, i16* %100, align 16, !tbaa !5
  %102 = icmp eq i16 %101, 0
  br i1 %102, label %103, label %145

103:                                              ; preds = %99
  %104 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 7
  %105 = load i16, i16* %104, align 2, !tbaa !5
  %106 = icmp eq i16 %105, 0
  br i1 %106, label %107, label %145

107:                                              ; preds = %103
  %108 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 6
  %109 = load i16, i16* %108, align 4, !tbaa !5
  %110 = icmp eq i16 %109, 0
  br i1 %110, label %111, label %145

111:                                              ; preds = %107
  %112 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 5
  %113 = load i16, i16* %112, align 2, !tbaa !5
  %114 = icmp eq i16 %113, 0
  br i1 %114, label %115, label %145

115:                                              ; preds = %111
  %116 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 4
  %117 = load i16, i16* %116, align 8, !tbaa !5
  %118 = icmp eq i16 %117, 0
  br i1 %118, label %119, label %145

119:                                              ; preds = %115
  %120 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 3
  %121 = load i16, i16* %120, align 2, !tbaa !5
  %122 = icmp eq i16 %121, 0
  br i1 %122, label %123, label %145

123:                                              ; preds = %119
  %124 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 2
  %125 = load i16, i16* %124, align 4, !tbaa !5
  %126 = icmp eq i16 %125, 0
  br i1 %126, label %127, label %145

127:                                              ; preds = %123
  %128 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 1
  %129 = load i16, i16* %128, align 2, !tbaa !5
  %130 = icmp eq i16 %129, 0
  br i1 %130, label %131, label %142

131:                                              ; preds = %127
  %132 = load %struct.code*, %struct.code** %3, align 8, !tbaa !15
  %133 = getelementptr inbounds %struct.code, %struct.code* %132, i64 1
  store %struct.code* %133, %struct.code** %3, align 8, !tbaa !15
  %134 = getelementptr inbounds %struct.code, %struct.code* %132, i64 0, i32 0
  store i8 64, i8* %134, align 2, !tbaa.struct !17
  %135 = getelementptr inbounds %struct.code, %struct.code* %132, i64 0, i32 1
  store i8 1, i8* %135, align 1, !tbaa.struct !19
  %136 = getelementptr inbounds %struct.code, %struct.code* %132, i64 0, i32 2
  store i16 0, i16* %136, align 2, !tbaa.struct !20
  %137 = load %struct.code*, %struct.code** %3, align 8, !tbaa !15
  %138 = getelementptr inbounds %struct.code, %struct.code* %137, i64 1
  store %struct.code* %138, %struct.code** %3, align 8, !tbaa !15
  %139 = getelementptr inbounds %struct.code, %struct.code* %137, i64 0, i32 0
  store i8 64, i8* %139, align 2, !tbaa.struct !17
  %140 = getelementptr inbounds %struct.code, %struct.code* %137, i64 0, i32 1
  store i8 1, i8* %140, align 1, !tbaa.struct !19
  %141 = getelementptr inbounds %struct.code, %struct.code* %137, i64 0, i32 2
  store i16 0, i16* %141, align 2, !tbaa.struct !20
  br label %518

142:                                              ; preds = %127
  %143 = icmp ne i32 %75, 0
  %144 = zext i1 %143 to i32
  br label %162

145:                                              ; preds = %123, %119, %115, %111, %107, %103, %99, %95, %91, %87, %83, %79, %74, %69
  %146 = phi i32 [ %72, %69 ], [ %75, %74 ], [ %75, %79 ], [ %75, %83 ], [ %75, %87 ], [ %75, %91 ], [ %75, %95 ], [ %75, %99 ], [ %75, %103 ], [ %75, %107 ], [ %75, %111 ], [ %75, %115 ], [ %75, %119 ], [ %75, %123 ]
  %147 = phi i16 [ %71, %69 ], [ 0, %74 ], [ 0, %79 ], [ 0, %83 ], [ 0, %87 ], [ 0, %91 ], [ 0, %95 ], [ 0, %99 ], [ 0, %103 ], [ 0, %107 ], [ 0, %111 ], [ 0, %115 ], [ 0, %119 ], [ 0, %123 ]
  %148 = phi i32 [ 15, %69 ], [ 14, %74 ], [ 13, %79 ], [ 12, %83 ], [ 11, %87 ], [ 10, %91 ], [ 9, %95 ], [ 8, %99 ], [ 7, %103 ], [ 6, %107 ], [ 5, %111 ], [ 4, %115 ], [ 3, %119 ], [ 2, %123 ]
  %149 = icmp ugt i32 %146, %148
  %150 = select i1 %149, i32 %148, i32 %146
  %151 = zext i32 %148 to i64
  br label %152

152:                                              ; preds = %145, %157
  %153 = phi i64 [ 1, %145 ], [ %158, %157 ]
  %154 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %153
  %155 = load i16, i16* %154, align 2, !tbaa !5
  %156 = icmp eq i16 %155, 0
  br i1 %156, label %157, label %160

157:                                              ; preds = %152
  %158 = add nuw nsw i64 %153, 1
  %159 = icmp eq i64 %158, %151
  br i1 %159, label %162, label %152, !llvm.loop !21

160:                                              ; preds = %152
  %161 = trunc i64 %153 to i32
  br label %162

162:                                              ; preds = %157, %160, %142
  %163 = phi i32 [ %144, %142 ], [ %150, %160 ], [ %150, %157 ]
  %164 = phi i32 [ 1, %142 ], [ %148, %160 ], [ %148, %157 ]
  %165 = phi i1 [ false, %142 ], [ true, %160 ], [ true, %157 ]
  %166 = phi i16 [ 0, %142 ], [ %147, %160 ], [ %147, %157 ]
  %167 = phi i32 [ 1, %142 ], [ %161, %160 ], [ %148, %157 ]
  %168 = icmp ult i32 %163, %167
  %169 = select i1 %168, i32 %167, i32 %163
  %170 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 1
  %171 = load i16, i16* %170, align 2, !tbaa !5
  %172 = icmp ugt i16 %171, 2
  br i1 %172, label %520, label %173

173:                                              ; preds = %162
  %174 = zext i16 %171 to i32
  %175 = mul nsw i32 %174, -2
  %176 = add nsw i32 %175, 4
  %177 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 2
  %178 = load i16, i16* %177, align 4, !tbaa !5
  %179 = zext i16 %178 to i32
  %180 = sub nsw i32 %176, %179
  %181 = icmp slt i32 %180, 0
  br i1 %181, label %520, label %182

182:                                              ; preds = %173
  %183 = shl nuw nsw i32 %180, 1
  %184 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 3
  %185 = load i16, i16* %184, align 2, !tbaa !5
  %186 = zext i16 %185 to i32
  %187 = sub nsw i32 %183, %186
  %188 = icmp slt i32 %187, 0
  br i1 %188, label %520, label %189

189:                                              ; preds = %182
  %190 = shl nuw nsw i32 %187, 1
  %191 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 4
  %192 = load i16, i16* %191, align 8, !tbaa !5
  %193 = zext i16 %192 to i32
  %194 = sub nsw i32 %190, %193
  %195 = icmp slt i32 %194, 0
  br i1 %195, label %520, label %196

196:                                              ; preds = %189
  %197 = shl nuw nsw i32 %194, 1
  %198 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 5
  %199 = load i16, i16* %198, align 2, !tbaa !5
  %200 = zext i16 %199 to i32
  %201 = sub nsw i32 %197, %200
  %202 = icmp slt i32 %201, 0
  br i1 %202, label %520, label %203

203:                                              ; preds = %196
  %204 = shl nuw nsw i32 %201, 1
  %205 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 6
  %206 = load i16, i16* %205, align 4, !tbaa !5
  %207 = zext i16 %206 to i32
  %208 = sub nsw i32 %204, %207
  %209 = icmp slt i32 %208, 0
  br i1 %209, label %520, label %210

210:                                              ; preds = %203
  %211 = shl nuw nsw i32 %208, 1
  %212 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 7
  %213 = load i16, i16* %212, align 2, !tbaa !5
  %214 = zext i16 %213 to i32
  %215 = sub nsw i32 %211, %214
  %216 = icmp slt i32 %215, 0
  br i1 %216, label %520, label %217

217:                                              ; preds = %210
  %218 = shl nuw nsw i32 %215, 1
  %219 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 8
  %220 = load i16, i16* %219, align 16, !tbaa !5
  %221 = zext i16 %220 to i32
  %222 = sub nsw i32 %218, %221
  %223 = icmp slt i32 %222, 0
  br i1 %223, label %520, label %224

224:                                              ; preds = %217
  %225 = shl nuw nsw i32 %222, 1
  %226 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 9
  %227 = load i16, i16* %226, align 2, !tbaa !5
  %228 = zext i16 %227 to i32
  %229 = sub nsw i32 %225, %228
  %230 = icmp slt i32 %229, 0
  br i1 %230, label %520, label %231

231:                                              ; preds = %224
  %232 = shl nuw nsw i32 %229, 1
  %233 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 10
  %234 = load i16, i16* %233, align 4, !tbaa !5
  %235 = zext i16 %234 to i32
  %236 = sub nsw i32 %232, %235
  %237 = icmp slt i32 %236, 0
  br i1 %237, label %520, label %238

238:                                              ; preds = %231
  %239 = shl nuw nsw i32 %236, 1
  %240 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 11
  %241 = load i16, i16* %240, align 2, !tbaa !5
  %242 = zext i16 %241 to i32
  %243 = sub nsw i32 %239, %242
  %244 = icmp slt i32 %243, 0
  br i1 %244, label %520, label %245

245:                                              ; preds = %238
  %246 = shl nuw nsw i32 %243, 1
  %247 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 12
  %248 = load i16, i16* %247, align 8, !tbaa !5
  %249 = zext i16 %248 to i32
  %250 = sub nsw i32 %246, %249
  %251 = icmp slt i32 %250, 0
  br i1 %251, label %520, label %252

252:                                              ; preds = %245
  %253 = shl nuw nsw i32 %250, 1
  %254 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 13
  %255 = load i16, i16* %254, align 2, !tbaa !5
  %256 = zext i16 %255 to i32
  %257 = sub nsw i32 %253, %256
  %258 = icmp slt i32 %257, 0
  br i1 %258, label %520, label %259

259:                                              ; preds = %252
  %260 = shl nuw nsw i32 %257, 1
  %261 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 14
  %262 = load i16, i16* %261, align 4, !tbaa !5
  %263 = zext i16 %262 to i32
  %264 = sub nsw i32 %260, %263
  %265 = icmp slt i32 %264, 0
  br i1 %265, label %520, label %266

266:                                              ; preds = %259
  %267 = shl nuw nsw i32 %264, 1
  %268 = zext i16 %166 to i32
  %269 = sub nsw i32 %267, %268
  %270 = icmp slt i32 %269, 0
  br i1 %270, label %520, label %271

271:                                              ; preds = %266
  %272 = icmp ne i32 %269, 0
  %273 = icmp eq i32 %0, 0
  %274 = or i1 %273, %165
  %275 = and i1 %272, %274
  br i1 %275, label %520, label %276

276:                                              ; preds = %271
  %277 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 1
  store i16 0, i16* %277, align 2, !tbaa !5
  %278 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 2
  store i16 %171, i16* %278, align 4, !tbaa !5
  %279 = add i16 %178, %171
  %280 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 3
  store i16 %279, i16* %280, align 2, !tbaa !5
  %281 = add i16 %185, %279
  %282 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 4
  store i16 %281, i16* %282, align 8, !tbaa !5
  %283 = add i16 %192, %281
  %284 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 5
  store i16 %283, i16* %284, align 2, !tbaa !5
  %285 = add i16 %199, %283
  %286 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 6
  store i16 %285, i16* %286, align 4, !tbaa !5
  %287 = add i16 %206, %285
  %288 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 7
  store i16 %287, i16* %288, align 2, !tbaa !5
  %289 = add i16 %213, %287
  %290 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 8
  store i16 %289, i16* %290, align 16, !tbaa !5
  %291 = add i16 %220, %289
  %292 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 9
  store i16 %291, i16* %292, align 2, !tbaa !5
  %293 = add i16 %227, %291
  %294 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 10
  store i16 %293, i16* %294, align 4, !tbaa !5
  %295 = add i16 %234, %293
  %296 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 11
  store i16 %295, i16* %296, align 2, !tbaa !5
  %297 = add i16 %241, %295
  %298 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 12
  store i16 %297, i16* %298, align 8, !tbaa !5
  %299 = add i16 %248, %297
  %300 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 13
  store i16 %299, i16* %300, align 2, !tbaa !5
  %301 = add i16 %255, %299
  %302 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 14
  store i16 %301, i16* %302, align 4, !tbaa !5
  %303 = add i16 %262, %301
  %304 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 15
  store i16 %303, i16* %304, align 2, !tbaa !5
  br i1 %11, label %357, label %305

305:                                              ; preds = %276
  %306 = zext i32 %2 to i64
  %307 = and i64 %306, 1
  %308 = icmp eq i32 %2, 1
  br i1 %308, label %342, label %309

309:                                              ; preds = %305
  %310 = and i64 %306, 4294967294
  br label %311

311:                                              ; preds = %338, %309
  %312 = phi i64 [ 0, %309 ], [ %339, %338 ]
  %313 = phi i64 [ 0, %309 ], [ %340, %338 ]
  %314 = getelementptr inbounds i16, i16* %1, i64 %312
  %315 = load i16, i16* %314, align 2, !tbaa !5
  %316 = icmp eq i16 %315, 0
  br i1 %316, label %325, label %317

317:                                              ; preds = %311
  %318 = trunc i64 %312 to i16
  %319 = zext i16 %315 to i64
  %320 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 %319
  %321 = load i16, i16* %320, align 2, !tbaa !5
  %322 = add i16 %321, 1
  store i16 %322, i16* %320, align 2, !tbaa !5
  %323 = zext i16 %321 to i64
  %324 = getelementptr inbounds i16, i16* %5, i64 %323
  store i16 %318, i16* %324, align 2, !tbaa !5
  br label %325

325:                                              ; preds = %311, %317
  %326 = or i64 %312, 1
  %327 = getelementptr inbounds i16, i16* %1, i64 %326
  %328 = load i16, i16* %327, align 2, !tbaa !5
  %329 = icmp eq i16 %328, 0
  br i1 %329, label %338, label %330

330:                                              ; preds = %325
  %331 = trunc i64 %326 to i16
  %332 = zext i16 %328 to i64
  %333 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 %332
  %334 = load i16, i16* %333, align 2, !tbaa !5
  %335 = add i16 %334, 1
  store i16 %335, i16* %333, align 2, !tbaa !5
  %336 = zext i16 %334 to i64
  %337 = getelementptr inbounds i16, i16* %5, i64 %336
  store i16 %331, i16* %337, align 2, !tbaa !5
  br label %338

338:                                              ; preds = %330, %325
  %339 = add nuw nsw i64 %312, 2
  %340 = add i64 %313, 2
  %341 = icmp eq i64 %340, %310
  br i1 %341, label %342, label %311, !llvm.loop !22

342:                                              ; preds = %338, %305
  %343 = phi i64 [ 0, %305 ], [ %339, %338 ]
  %344 = icmp eq i64 %307, 0
  br i1 %344, label %357, label %345

345:                                              ; preds = %342
  %346 = getelementptr inbounds i16, i16* %1, i64 %343
  %347 = load i16, i16* %346, align 2, !tbaa !5
  %348 = icmp eq i16 %347, 0
  br i1 %348, label %357, label %349

349:                                              ; preds = %345
  %350 = trunc i64 %343 to i16
  %351 = zext i16 %347 to i64
  %352 = getelementptr inbounds [16 x i16], [16 x i16]* %9, i64 0, i64 %351
  %353 = load i16, i16* %352, align 2, !tbaa !5
  %354 = add i16 %353, 1
  store i16 %354, i16* %352, align 2, !tbaa !5
  %355 = zext i16 %353 to i64
  %356 = getelementptr inbounds i16, i16* %5, i64 %355
  store i16 %350, i16* %356, align 2, !tbaa !5
  br label %357

357:                                              ; preds = %342, %349, %345, %276
  switch i32 %0, label %360 [
    i32 0, label %364
    i32 1, label %358
  ]

358:                                              ; preds = %357
  %359 = icmp ugt i32 %169, 9
  br i1 %359, label %520, label %364

360:                                              ; preds = %357
  %361 = icmp ugt i32 %169, 9
  %362 = icmp eq i32 %0, 2
  %363 = select i1 %362, i1 %361, i1 false
  br i1 %363, label %520, label %364

364:                                              ; preds = %358, %357, %360
  %365 = phi i1 [ %362, %360 ], [ false, %357 ], [ false, %358 ]
  %366 = phi i16* [ getelementptr inbounds ([32 x i16], [32 x i16]* @inflate_table.dbase, i64 0, i64 0), %360 ], [ %5, %357 ], [ getelementptr inbounds ([31 x i16], [31 x i16]* @inflate_table.lbase, i64 0, i64 0), %358 ]
  %367 = phi i16* [ getelementptr inbounds ([32 x i16], [32 x i16]* @inflate_table.dext, i64 0, i64 0), %360 ], [ %5, %357 ], [ getelementptr inbounds ([31 x i16], [31 x i16]* @inflate_table.lext, i64 0, i64 0), %358 ]
  %368 = phi i32 [ 0, %360 ], [ 20, %357 ], [ 257, %358 ]
  %369 = phi i1 [ false, %360 ], [ false, %357 ], [ true, %358 ]
  %370 = shl nuw i32 1, %169
  %371 = add i32 %370, -1
  %372 = load %struct.code*, %struct.code** %3, align 8, !tbaa !15
  %373 = trunc i32 %169 to i8
  br label %374

374:                                              ; preds = %494, %364
  %375 = phi i32 [ %451, %494 ], [ %167, %364 ]
  %376 = phi i32 [ %434, %494 ], [ 0, %364 ]
  %377 = phi i32 [ %487, %494 ], [ %169, %364 ]
  %378 = phi i32 [ %459, %494 ], [ 0, %364 ]
  %379 = phi i32 [ %488, %494 ], [ %370, %364 ]
  %380 = phi i32 [ %433, %494 ], [ 0, %364 ]
  %381 = phi i32 [ %454, %494 ], [ -1, %364 ]
  %382 = phi %struct.code* [ %461, %494 ], [ %372, %364 ]
  %383 = shl nuw i32 1, %377
  br label %384

384:                                              ; preds = %456, %374
  %385 = phi i32 [ %375, %374 ], [ %451, %456 ]
  %386 = phi i32 [ %376, %374 ], [ %434, %456 ]
  %387 = phi i32 [ %380, %374 ], [ %433, %456 ]
  %388 = sub i32 %385, %378
  %389 = trunc i32 %388 to i8
  %390 = zext i32 %386 to i64
  %391 = getelementptr inbounds i16, i16* %5, i64 %390
  %392 = load i16, i16* %391, align 2, !tbaa !5
  %393 = zext i16 %392 to i32
  %394 = add nuw nsw i32 %393, 1
  %395 = icmp ult i32 %394, %368
  br i1 %395, label %406, label %396

396:                                              ; preds = %384
  %397 = icmp ugt i32 %368, %393
  br i1 %397, label %406, label %398

398:                                              ; preds = %396
  %399 = sub nsw i32 %393, %368
  %400 = zext i32 %399 to i64
  %401 = getelementptr inbounds i16, i16* %367, i64 %400
  %402 = load i16, i16* %401, align 2, !tbaa !5
  %403 = trunc i16 %402 to i8
  %404 = getelementptr inbounds i16, i16* %366, i64 %400
  %405 = load i16, i16* %404, align 2, !tbaa !5
  br label %406

406:                                              ; preds = %396, %384, %398
  %407 = phi i16 [ %405, %398 ], [ %392, %384 ], [ 0, %396 ]
  %408 = phi i8 [ %403, %398 ], [ 0, %384 ], [ 96, %396 ]
  %409 = shl nsw i32 -1, %388
  %410 = lshr i32 %387, %378
  br label %411

411:                                              ; preds = %411, %406
  %412 = phi i32 [ %383, %406 ], [ %413, %411 ]
  %413 = add i32 %412, %409
  %414 = add i32 %413, %410
  %415 = zext i32 %414 to i64
  %416 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %415, i32 0
  store i8 %408, i8* %416, align 2, !tbaa.struct !17
  %417 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %415, i32 1
  store i8 %389, i8* %417, align 1, !tbaa.struct !19
  %418 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %415, i32 2
  store i16 %407, i16* %418, align 2, !tbaa.struct !20
  %419 = icmp eq i32 %413, 0
  br i1 %419, label %420, label %411, !llvm.loop !23

420:                                              ; preds = %411
  %421 = add i32 %385, -1
  %422 = shl nuw i32 1, %421
  br label %423

423:                                              ; preds = %423, %420
  %424 = phi i32 [ %422, %420 ], [ %427, %423 ]
  %425 = and i32 %424, %387
  %426 = icmp eq i32 %425, 0
  %427 = lshr i32 %424, 1
  br i1 %426, label %428, label %423, !llvm.loop !24

428:                                              ; preds = %423
  %429 = icmp eq i32 %424, 0
  %430 = add i32 %424, -1
  %431 = and i32 %430, %387
  %432 = add i32 %431, %424
  %433 = select i1 %429, i32 0, i32 %432
  %434 = add i32 %386, 1
  %435 = zext i32 %385 to i64
  %436 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %435
  %437 = load i16, i16* %436, align 2, !tbaa !5
  %438 = add i16 %437, -1
  store i16 %438, i16* %436, align 2, !tbaa !5
  %439 = icmp eq i16 %438, 0
  br i1 %439, label %440, label %450

440:                                              ; preds = %428
  %441 = icmp eq i32 %385, %164
  br i1 %441, label %506, label %442

442:                                              ; preds = %440
  %443 = zext i32 %434 to i64
  %444 = getelementptr inbounds i16, i16* %5, i64 %443
  %445 = load i16, i16* %444, align 2, !tbaa !5
  %446 = zext i16 %445 to i64
  %447 = getelementptr inbounds i16, i16* %1, i64 %446
  %448 = load i16, i16* %447, align 2, !tbaa !5
  %449 = zext i16 %448 to i32
  br label %450

450:                                              ; preds = %442, %428
  %451 = phi i32 [ %449, %442 ], [ %385, %428 ]
  %452 = icmp ugt i32 %451, %169
  br i1 %452, label %453, label %456

453:                                              ; preds = %450
  %454 = and i32 %433, %371
  %455 = icmp eq i32 %454, %381
  br i1 %455, label %456, label %457

456:                                              ; preds = %453, %450
  br label %384

457:                                              ; preds = %453
  %458 = icmp eq i32 %378, 0
  %459 = select i1 %458, i32 %169, i32 %378
  %460 = zext i32 %383 to i64
  %461 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %460
  %462 = sub i32 %451, %459
  %463 = shl nuw i32 1, %462
  %464 = icmp ult i32 %451, %164
  br i1 %464, label %465, label %485

465:                                              ; preds = %457
  %466 = sub i32 %164, %459
  br label %467

467:                                              ; preds = %465, %477
  %468 = phi i32 [ %480, %477 ], [ %451, %465 ]
  %469 = phi i32 [ %479, %477 ], [ %463, %465 ]
  %470 = phi i32 [ %478, %477 ], [ %462, %465 ]
  %471 = zext i32 %468 to i64
  %472 = getelementptr inbounds [16 x i16], [16 x i16]* %7, i64 0, i64 %471
  %473 = load i16, i16* %472, align 2, !tbaa !5
  %474 = zext i16 %473 to i32
  %475 = sub nsw i32 %469, %474
  %476 = icmp slt i32 %475, 1
  br i1 %476, label %482, label %477

477:                                              ; preds = %467
  %478 = add i32 %470, 1
  %479 = shl nuw i32 %475, 1
  %480 = add i32 %478, %459
  %481 = icmp ult i32 %480, %164
  br i1 %481, label %467, label %482, !llvm.loop !25

482:                                              ; preds = %467, %477
  %483 = phi i32 [ %466, %477 ], [ %470, %467 ]
  %484 = shl nuw i32 1, %483
  br label %485

485:                                              ; preds = %482, %457
  %486 = phi i32 [ %484, %482 ], [ %463, %457 ]
  %487 = phi i32 [ %483, %482 ], [ %462, %457 ]
  %488 = add i32 %486, %379
  %489 = icmp ugt i32 %488, 852
  %490 = select i1 %369, i1 %489, i1 false
  br i1 %490, label %520, label %491

491:                                              ; preds = %485
  %492 = icmp ugt i32 %488, 592
  %493 = select i1 %365, i1 %492, i1 false
  br i1 %493, label %520, label %494

494:                                              ; preds = %491
  %495 = trunc i32 %487 to i8
  %496 = load %struct.code*, %struct.code** %3, align 8, !tbaa !15
  %497 = zext i32 %454 to i64
  %498 = getelementptr inbounds %struct.code, %struct.code* %496, i64 %497, i32 0
  store i8 %495, i8* %498, align 2, !tbaa !26
  %499 = getelementptr inbounds %struct.code, %struct.code* %496, i64 %497, i32 1
  store i8 %373, i8* %499, align 1, !tbaa !28
  %500 = ptrtoint %struct.code* %461 to i64
  %501 = ptrtoint %struct.code* %496 to i64
  %502 = sub i64 %500, %501
  %503 = lshr exact i64 %502, 2
  %504 = trunc i64 %503 to i16
  %505 = getelementptr inbounds %struct.code, %struct.code* %496, i64 %497, i32 2
  store i16 %504, i16* %505, align 2, !tbaa !29
  br label %374

506:                                              ; preds = %440
  %507 = icmp eq i32 %433, 0
  br i1 %507, label %514, label %508

508:                                              ; preds = %506
  %509 = trunc i32 %388 to i8
  %510 = zext i32 %433 to i64
  %511 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %510, i32 0
  store i8 64, i8* %511, align 2, !tbaa.struct !17
  %512 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %510, i32 1
  store i8 %509, i8* %512, align 1, !tbaa.struct !19
  %513 = getelementptr inbounds %struct.code, %struct.code* %382, i64 %510, i32 2
  store i16 0, i16* %513, align 2, !tbaa.struct !20
  br label %514

514:                                              ; preds = %508, %506
  %515 = load %struct.code*, %struct.code** %3, align 8, !tbaa !15
  %516 = zext i32 %379 to i64
  %517 = getelementptr inbounds %struct.code, %struct.code* %515, i64 %516
  store %struct.code* %517, %struct.code** %3, align 8, !tbaa !15
  br label %518

518:                                              ; preds = %131, %514
  %519 = phi i32 [ %169, %514 ], [ 1, %131 ]
  store i32 %519, i32* %4, align 4, !tbaa !9
  br label %520

520:                                              ; preds = %485, %491, %518, %271, %162, %173, %182, %189, %196, %203, %210, %217, %224, %231, %238, %245, %252, %259, %266, %358, %360
  %521 = phi i32 [ 1, %360 ], [ 1, %358 ], [ -1, %266 ], [ -1, %259 ], [ -1, %252 ], [ -1, %245 ], [ -1, %238 ], [ -1, %231 ], [ -1, %224 ], [ -1, %217 ], [ -1, %210 ], [ -1, %203 ], [ -1, %196 ], [ -1, %189 ], [ -1, %182 ], [ -1, %173 ], [ -1, %162 ], [ -1, %271 ], [ 0, %518 ], [ 1, %491 ], [ 1, %485 ]
  call void @llvm.lifetime.end.p0i8(i64 32, i8* nonnull %10) #3
  call void @llvm.lifetime.end.p0i8(i64 32, i8* nonnull %8) #3
  ret i32 %521
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nofree nounwind willreturn writeonly
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg) #2

attributes #0 = { nofree nosync nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { argmemonly nofree nounwind willreturn writeonly }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"short", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = !{!16, !16, i64 0}
!16 = !{!"any pointer", !7, i64 0}
!17 = !{i64 0, i64 1, !18, i64 1, i64 1, !18, i64 2, i64 2, !5}
!18 = !{!7, !7, i64 0}
!19 = !{i64 0, i64 1, !18, i64 1, i64 2, !5}
!20 = !{i64 0, i64 2, !5}
!21 = distinct !{!21, !12}
!22 = distinct !{!22, !12}
!23 = distinct !{!23, !12}
!24 = distinct !{!24, !12}
!25 = distinct !{!25, !12}
!26 = !{!27, !7, i64 0}
!27 = !{!"", !7, i64 0, !7, i64 1, !6, i64 2}
!28 = !{!27, !7, i64 1}
!29 = !{!27, !6, i64 2}
