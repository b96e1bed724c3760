; ModuleID = 'adler32.c'
source_filename = "adler32.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind readonly uwtable
define dso_local i64 @adler32_z(i64 noundef %0, i8* noundef readonly %1, i64 noundef %2) local_unnamed_addr #0 {
  %4 = lshr i64 %0, 16
  %5 = and i64 %4, 65535
  %6 = and i64 %0, 65535
  %7 = icmp eq i64 %2, 1
  br i1 %7, label %8, label %21

8:                                                ; preds = %3
  %9 = load i8, i8* %1, align 1, !tbaa !5
  %10 = zext i8 %9 to i64
  %11 = add nuw nsw i64 %6, %10
  %12 = icmp ugt i64 %11, 65520
  %13 = add nsw i64 %11, -65521
  %14 = select i1 %12, i64 %13, i64 %11
  %15 = add nuw nsw i64 %14, %5
  %16 = icmp ugt i64 %15, 65520
  %17 = shl nuw nsw i64 %15, 16
  %18 = add nsw i64 %17, -4293984256
  %19 = select i1 %16, i64 %18, i64 %17
  %20 = or i64 %19, %14
  br label %354

21:                                               ; preds = %3
  %22 = icmp eq i8* %1, null
  br i1 %22, label %354, label %23

23:                                               ; preds = %21
  %24 = icmp ult i64 %2, 16
  br i1 %24, label %27, label %25

25:                                               ; preds = %23
  %26 = icmp ugt i64 %2, 5551
  br i1 %26, label %91, label %193

27:                                               ; preds = %23
  %28 = icmp eq i64 %2, 0
  br i1 %28, label %82, label %29

29:                                               ; preds = %27
  %30 = add i64 %2, -1
  %31 = and i64 %2, 3
  %32 = icmp eq i64 %31, 0
  br i1 %32, label %47, label %33

33:                                               ; preds = %29, %33
  %34 = phi i64 [ %44, %33 ], [ %5, %29 ]
  %35 = phi i64 [ %39, %33 ], [ %2, %29 ]
  %36 = phi i8* [ %40, %33 ], [ %1, %29 ]
  %37 = phi i64 [ %43, %33 ], [ %6, %29 ]
  %38 = phi i64 [ %45, %33 ], [ 0, %29 ]
  %39 = add i64 %35, -1
  %40 = getelementptr inbounds i8, i8* %36, i64 1
  %41 = load i8, i8* %36, align 1, !tbaa !5
  %42 = zext i8 %41 to i64
  %43 = add i64 %37, %42
  %44 = add i64 %43, %34
  %45 = add i64 %38, 1
  %46 = icmp eq i64 %45, %31
  br i1 %46, label %47, label %33, !llvm.loop !8

47:                                               ; preds = %33, %29
  %48 = phi i64 [ undef, %29 ], [ %43, %33 ]
  %49 = phi i64 [ undef, %29 ], [ %44, %33 ]
  %50 = phi i64 [ %5, %29 ], [ %44, %33 ]
  %51 = phi i64 [ %2, %29 ], [ %39, %33 ]
  %52 = phi i8* [ %1, %29 ], [ %40, %33 ]
  %53 = phi i64 [ %6, %29 ], [ %43, %33 ]
  %54 = icmp ult i64 %30, 3
  br i1 %54, label %82, label %55

55:                                               ; preds = %47, %55
  %56 = phi i64 [ %80, %55 ], [ %50, %47 ]
  %57 = phi i64 [ %75, %55 ], [ %51, %47 ]
  %58 = phi i8* [ %76, %55 ], [ %52, %47 ]
  %59 = phi i64 [ %79, %55 ], [ %53, %47 ]
  %60 = getelementptr inbounds i8, i8* %58, i64 1
  %61 = load i8, i8* %58, align 1, !tbaa !5
  %62 = zext i8 %61 to i64
  %63 = add i64 %59, %62
  %64 = add i64 %63, %56
  %65 = getelementptr inbounds i8, i8* %58, i64 2
  %66 = load i8, i8* %60, align 1, !tbaa !5
  %67 = zext i8 %66 to i64
  %68 = add i64 %63, %67
  %69 = add i64 %68, %64
  %70 = getelementptr inbounds i8, i8* %58, i64 3
  %71 = load i8, i8* %65, align 1, !tbaa !5
  %72 = zext i8 %71 to i64
  %73 = add i64 %68, %72
  %74 = add i64 %73, %69
  %75 = add i64 %57, -4
  %76 = getelementptr inbounds i8, i8* %58, i64 4
  %77 = load i8, i8* %70, align 1, !tbaa !5
  %78 = zext i8 %77 to i64
  %79 = add i64 %73, %78
  %80 = add i64 %79, %74
  %81 = icmp eq i64 %75, 0
  br i1 %81, label %82, label %55, !llvm.loop !10

82:                                               ; preds = %47, %55, %27
  %83 = phi i64 [ %6, %27 ], [ %48, %47 ], [ %79, %55 ]
  %84 = phi i64 [ %5, %27 ], [ %49, %47 ], [ %80, %55 ]
  %85 = icmp ugt i64 %83, 65520
  %86 = add i64 %83, -65521
  %87 = select i1 %85, i64 %86, i64 %83
  %88 = urem i64 %84, 65521
  %89 = shl nuw nsw i64 %88, 16
  %90 = or i64 %89, %87
  br label %354

91:                                               ; preds = %25, %184
  %92 = phi i64 [ %187, %184 ], [ %5, %25 ]
  %93 = phi i64 [ %96, %184 ], [ %2, %25 ]
  %94 = phi i8* [ %185, %184 ], [ %1, %25 ]
  %95 = phi i64 [ %186, %184 ], [ %6, %25 ]
  %96 = add i64 %93, -5552
  br label %97

97:                                               ; preds = %97, %91
  %98 = phi i64 [ %95, %91 ], [ %179, %97 ]
  %99 = phi i8* [ %94, %91 ], [ %181, %97 ]
  %100 = phi i64 [ %92, %91 ], [ %180, %97 ]
  %101 = phi i32 [ 347, %91 ], [ %182, %97 ]
  %102 = load i8, i8* %99, align 1, !tbaa !5
  %103 = zext i8 %102 to i64
  %104 = add i64 %98, %103
  %105 = add i64 %104, %100
  %106 = getelementptr inbounds i8, i8* %99, i64 1
  %107 = load i8, i8* %106, align 1, !tbaa !5
  %108 = zext i8 %107 to i64
  %109 = add i64 %104, %108
  %110 = add i64 %105, %109
  %111 = getelementptr inbounds i8, i8* %99, i64 2
  %112 = load i8, i8* %111, align 1, !tbaa !5
  %113 = zext i8 %112 to i64
  %114 = add i64 %109, %113
  %115 = add i64 %110, %114
  %116 = getelementptr inbounds i8, i8* %99, i64 3
  %117 = load i8, i8* %116, align 1, !tbaa !5
  %118 = zext i8 %117 to i64
  %119 = add i64 %114, %118
  %120 = add i64 %115, %119
  %121 = getelementptr inbounds i8, i8* %99, i64 4
  %122 = load i8, i8* %121, align 1, !tbaa !5
  %123 = zext i8 %122 to i64
  %124 = add i64 %119, %123
  %125 = add i64 %120, %124
  %126 = getelementptr inbounds i8, i8* %99, i64 5
  %127 = load i8, i8* %126, align 1, !tbaa !5
  %128 = zext i8 %127 to i64
  %129 = add i64 %124, %128
  %130 = add i64 %125, %129
  %131 = getelementptr inbounds i8, i8* %99, i64 6
  %132 = load i8, i8* %131, align 1, !tbaa !5
  %133 = zext i8 %132 to i64
  %134 = add i64 %129, %133
  %135 = add i64 %130, %134
  %136 = getelementptr inbounds i8, i8* %99, i64 7
  %137 = load i8, i8* %136, align 1, !tbaa !5
  %138 = zext i8 %137 to i64
  %139 = add i64 %134, %138
  %140 = add i64 %135, %139
  %141 = getelementptr inbounds i8, i8* %99, i64 8
  %142 = load i8, i8* %141, align 1, !tbaa !5
  %143 = zext i8 %142 to i64
  %144 = add i64 %139, %143
  %145 = add i64 %140, %144
  %146 = getelementptr inbounds i8, i8* %99, i64 9
  %147 = load i8, i8* %146, align 1, !tbaa !5
  %148 = zext i8 %147 to i64
  %149 = add i64 %144, %148
  %150 = add i64 %145, %149
  %151 = getelementptr inbounds i8, i8* %99, i64 10
  %152 = load i8, i8* %151, align 1, !tbaa !5
  %153 = zext i8 %152 to i64
  %154 = add i64 %149, %153
  %155 = add i64 %150, %154
  %156 = getelementptr inbounds i8, i8* %99, i64 11
  %157 = load i8, i8* %156, align 1, !tbaa !5
  %158 = zext i8 %157 to i64
  %159 = add i64 %154, %158
  %160 = add i64 %155, %159
  %161 = getelementptr inbounds i8, i8* %99, i64 12
  %162 = load i8, i8* %161, align 1, !tbaa !5
  %163 = zext i8 %162 to i64
  %164 = add i64 %159, %163
  %165 = add i64 %160, %164
  %166 = getelementptr inbounds i8, i8* %99, i64 13
  %167 = load i8, i8* %166, align 1, !tbaa !5
  %168 = zext i8 %167 to i64
  %169 = add i64 %164, %168
  %170 = add i64 %165, %169
  %171 = getelementptr inbounds i8, i8* %99, i64 14
  %172 = load i8, i8* %171, align 1, !tbaa !5
  %173 = zext i8 %172 to i64
  %174 = add i64 %169, %173
  %175 = add i64 %170, %174
  %176 = getelementptr inbounds i8, i8* %99, i64 15
  %177 = load i8, i8* %176, align 1, !tbaa !5
  %178 = zext i8 %177 to i64
  %179 = add i64 %174, %178
  %180 = add i64 %175, %179
  %181 = getelementptr inbounds i8, i8* %99, i64 16
  %182 = add nsw i32 %101, -1
  %183 = icmp eq i32 %182, 0
  br i1 %183, label %184, label %97, !llvm.loop !12

184:                                              ; preds = %97
  %185 = getelementptr i8, i8* %94, i64 5552
  %186 = urem i64 %179, 65521
  %187 = urem i64 %180, 65521
  %188 = icmp ugt i64 %96, 5551
  br i1 %188, label %91, label %189, !llvm.loop !13

189:                                              ; preds = %184
  %190 = icmp eq i64 %96, 0
  br i1 %190, label %349, label %191

191:                                              ; preds = %189
  %192 = icmp ugt i64 %96, 15
  br i1 %192, label %193, label %200

193:                                              ; preds = %25, %191
  %194 = phi i64 [ %5, %25 ], [ %187, %191 ]
  %195 = phi i64 [ %2, %25 ], [ %96, %191 ]
  %196 = phi i8* [ %1, %25 ], [ %185, %191 ]
  %197 = phi i64 [ %6, %25 ], [ %186, %191 ]
  br label %230

198:                                              ; preds = %230
  %199 = icmp eq i64 %235, 0
  br i1 %199, label %344, label %200

200:                                              ; preds = %191, %198
  %201 = phi i64 [ %187, %191 ], [ %314, %198 ]
  %202 = phi i64 [ %96, %191 ], [ %235, %198 ]
  %203 = phi i8* [ %185, %191 ], [ %315, %198 ]
  %204 = phi i64 [ %186, %191 ], [ %313, %198 ]
  %205 = add i64 %202, -1
  %206 = and i64 %202, 3
  %207 = icmp eq i64 %206, 0
  br i1 %207, label %222, label %208

208:                                              ; preds = %200, %208
  %209 = phi i64 [ %219, %208 ], [ %201, %200 ]
  %210 = phi i64 [ %214, %208 ], [ %202, %200 ]
  %211 = phi i8* [ %215, %208 ], [ %203, %200 ]
  %212 = phi i64 [ %218, %208 ], [ %204, %200 ]
  %213 = phi i64 [ %220, %208 ], [ 0, %200 ]
  %214 = add i64 %210, -1
  %215 = getelementptr inbounds i8, i8* %211, i64 1
  %216 = load i8, i8* %211, align 1, !tbaa !5
  %217 = zext i8 %216 to i64
  %218 = add i64 %212, %217
  %219 = add i64 %218, %209
  %220 = add i64 %213, 1
  %221 = icmp eq i64 %220, %206
  br i1 %221, label %222, label %208, !llvm.loop !14

222:                                              ; preds = %208, %200
  %223 = phi i64 [ undef, %200 ], [ %218, %208 ]
  %224 = phi i64 [ undef, %200 ], [ %219, %208 ]
  %225 = phi i64 [ %201, %200 ], [ %219, %208 ]
  %226 = phi i64 [ %202, %200 ], [ %214, %208 ]
  %227 = phi i8* [ %203, %200 ], [ %215, %208 ]
  %228 = phi i64 [ %204, %200 ], [ %218, %208 ]
  %229 = icmp ult i64 %205, 3
  br i1 %229, label %344, label %317

230:                                              ; preds = %193, %230
  %231 = phi i64 [ %314, %230 ], [ %194, %193 ]
  %232 = phi i64 [ %235, %230 ], [ %195, %193 ]
  %233 = phi i8* [ %315, %230 ], [ %196, %193 ]
  %234 = phi i64 [ %313, %230 ], [ %197, %193 ]
  %235 = add i64 %232, -16
  %236 = load i8, i8* %233, align 1, !tbaa !5
  %237 = zext i8 %236 to i64
  %238 = add i64 %234, %237
  %239 = add i64 %238, %231
  %240 = getelementptr inbounds i8, i8* %233, i64 1
  %241 = load i8, i8* %240, align 1, !tbaa !5
  %242 = zext i8 %241 to i64
  %243 = add i64 %238, %242
  %244 = add i64 %239, %243
  %245 = getelementptr inbounds i8, i8* %233, i64 2
  %246 = load i8, i8* %245, align 1, !tbaa !5
  %247 = zext i8 %246 to i64
  %248 = add i64 %243, %247
  %249 = add i64 %244, %248
  %250 = getelementptr inbounds i8, i8* %233, i64 3
  %251 = load i8, i8* %250, align 1, !tbaa !5
  %252 = zext i8 %251 to i64
  %253 = add i64 %248, %252
  %254 = add i64 %249, %253
  %255 = getelementptr inbounds i8, i8* %233, i64 4
  %256 = load i8, i8* %255, align 1, !tbaa !5
  %257 = zext i8 %256 to i64
  %258 = add i64 %253, %257
  %259 = add i64 %254, %258
  %260 = getelementptr inbounds i8, i8* %233, i64 5
  %261 = load i8, i8* %260, align 1, !tbaa !5
  %262 = zext i8 %261 to i64
  %263 = add i64 %258, %262
  %264 = add i64 %259, %263
  %265 = getelementptr inbounds i8, i8* %233, i64 6
  %266 = load i8, i8* %265, align 1, !tbaa !5
  %267 = zext i8 %266 to i64
  %268 = add i64 %263, %267
  %269 = add i64 %264, %268
  %270 = getelementptr inbounds i8, i8* %233, i64 7
  %271 = load i8, i8* %270, align 1, !tbaa !5
  %272 = zext i8 %271 to i64
  %273 = add i64 %268, %272
  %274 = add i64 %269, %273
  %275 = getelementptr inbounds i8, i8* %233, i64 8
  %276 = load i8, i8* %275, align 1, !tbaa !5
  %277 = zext i8 %276 to i64
  %278 = add i64 %273, %277
  %279 = add i64 %274, %278
  %280 = getelementptr inbounds i8, i8* %233, i64 9
  %281 = load i8, i8* %280, align 1, !tbaa !5
  %282 = zext i8 %281 to i64
  %283 = add i64 %278, %282
  %284 = add i64 %279, %283
  %285 = getelementptr inbounds i8, i8* %233, i64 10
  %286 = load i8, i8* %285, align 1, !tbaa !5
  %287 = zext i8 %286 to i64
  %288 = add i64 %283, %287
  %289 = add i64 %284, %288
  %290 = getelementptr inbounds i8, i8* %233, i64 11
  %291 = load i8, i8* %290, align 1, !tbaa !5
  %292 = zext i8 %291 to i64
  %293 = add i64 %288, %292
  %294 = add i64 %289, %293
  %295 = getelementptr inbounds i8, i8* %233, i64 12
  %296 = load i8, i8* %295, align 1, !tbaa !5
  %297 = zext i8 %296 to i64
  %298 = add i64 %293, %297
  %299 = add i64 %294, %298
  %300 = getelementptr inbounds i8, i8* %233, i64 13
  %301 = load i8, i8* %300, align 1, !tbaa !5
  %302 = zext i8 %301 to i64
  %303 = add i64 %298, %302
  %304 = add i64 %299, %303
  %305 = getelementptr inbounds i8, i8* %233, i64 14
  %306 = load i8, i8* %305, align 1, !tbaa !5
  %307 = zext i8 %306 to i64
  %308 = add i64 %303, %307
  %309 = add i64 %304, %308
  %310 = getelementptr inbounds i8, i8* %233, i64 15
  %311 = load i8, i8* %310, align 1, !tbaa !5
  %312 = zext i8 %311 to i64
  %313 = add i64 %308, %312
  %314 = add i64 %309, %313
  %315 = getelementptr inbounds i8, i8* %233, i64 16
  %316 = icmp ugt i64 %235, 15
  br i1 %316, label %230, label %198, !llvm.loop !15

317:                                              ; preds = %222, %317
  %318 = phi i64 [ %342, %317 ], [ %225, %222 ]
  %319 = phi i64 [ %337, %317 ], [ %226, %222 ]
  %320 = phi i8* [ %338, %317 ], [ %227, %222 ]
  %321 = phi i64 [ %341, %317 ], [ %228, %222 ]
  %322 = getelementptr inbounds i8, i8* %320, i64 1
  %323 = load i8, i8* %320, align 1, !tbaa !5
  %324 = zext i8 %323 to i64
  %325 = add i64 %321, %324
  %326 = add i64 %325, %318
  %327 = getelementptr inbounds i8, i8* %320, i64 2
  %328 = load i8, i8* %322, align 1, !tbaa !5
  %329 = zext i8 %328 to i64
  %330 = add i64 %325, %329
  %331 = add i64 %330, %326
  %332 = getelementptr inbounds i8, i8* %320, i64 3
  %333 = load i8, i8* %327, align 1, !tbaa !5
  %334 = zext i8 %333 to i64
  %335 = add i64 %330, %334
  %336 = add i64 %335, %331
  %337 = add i64 %319, -4
  %338 = getelementptr inbounds i8, i8* %320, i64 4
  %339 = load i8, i8* %332, align 1, !tbaa !5
  %340 = zext i8 %339 to i64
  %341 = add i64 %335, %340
  %342 = add i64 %341, %336
  %343 = icmp eq i64 %337, 0
  br i1 %343, label %344, label %317, !llvm.loop !16

344:                                              ; preds = %222, %317, %198
  %345 = phi i64 [ %313, %198 ], [ %223, %222 ], [ %341, %317 ]
  %346 = phi i64 [ %314, %198 ], [ %224, %222 ], [ %342, %317 ]
  %347 = urem i64 %345, 65521
  %348 = urem i64 %346, 65521
  br label %349

349:                                              ; preds = %344, %189
  %350 = phi i64 [ %347, %344 ], [ %186, %189 ]
  %351 = phi i64 [ %348, %344 ], [ %187, %189 ]
  %352 = shl nuw nsw i64 %351, 16
  %353 = or i64 %352, %350
  br label %354

354:                                              ; preds = %21, %349, %82, %8
  %355 = phi i64 [ %20, %8 ], [ %90, %82 ], [ %353, %349 ], [ 1, %21 ]
  ret i64 %355
}

; Function Attrs: nofree norecurse nosync nounwind readonly uwtable
define dso_local i64 @adler32(i64 noundef %0, i8* noundef readonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = zext i32 %2 to i64
  %5 = tail call i64 @adler32_z(i64 noundef %0, i8* noundef %1, i64 noundef %4)
  ret i64 %5
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i64 @adler32_combine(i64 noundef %0, i64 noundef %1, i64 noundef %2) local_unnamed_addr #1 {
  %4 = icmp slt i64 %2, 0
  br i1 %4, label %37, label %5

5:                                                ; preds = %3
  %6 = urem i64 %2, 65521
  %7 = and i64 %0, 65535
  %8 = mul nuw nsw i64 %6, %7
  %9 = trunc i64 %8 to i32
  %10 = urem i32 %9, 65521
  %11 = zext i32 %10 to i64
  %12 = and i64 %1, 65535
  %13 = add nuw nsw i64 %7, 65520
  %14 = add nuw nsw i64 %13, %12
  %15 = lshr i64 %0, 16
  %16 = and i64 %15, 65535
  %17 = lshr i64 %1, 16
  %18 = and i64 %17, 65535
  %19 = add nuw nsw i64 %16, 65521
  %20 = add nuw nsw i64 %19, %18
  %21 = sub nuw nsw i64 %20, %6
  %22 = add nuw nsw i64 %21, %11
  %23 = icmp ugt i64 %14, 65520
  %24 = add nsw i64 %14, -65521
  %25 = select i1 %23, i64 %24, i64 65520
  %26 = icmp ugt i64 %25, 65520
  %27 = add nsw i64 %25, -65521
  %28 = select i1 %26, i64 %27, i64 %25
  %29 = icmp ugt i64 %22, 131041
  %30 = add nsw i64 %22, -131042
  %31 = select i1 %29, i64 %30, i64 %22
  %32 = icmp ugt i64 %31, 65520
  %33 = shl nuw nsw i64 %31, 16
  %34 = add nsw i64 %33, -4293984256
  %35 = select i1 %32, i64 %34, i64 %33
  %36 = or i64 %35, %28
  br label %37

37:                                               ; preds = %3, %5
  %38 = phi i64 [ %36, %5 ], [ 4294967295, %3 ]
  ret i64 %38
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i64 @adler32_combine64(i64 noundef %0, i64 noundef %1, i64 noundef %2) local_unnamed_addr #1 {
  %4 = icmp slt i64 %2, 0
  br i1 %4, label %37, label %5

5:                                                ; preds = %3
  %6 = urem i64 %2, 65521
  %7 = and i64 %0, 65535
  %8 = mul nuw nsw i64 %6, %7
  %9 = trunc i64 %8 to i32
  %10 = urem i32 %9, 65521
  %11 = zext i32 %10 to i64
  %12 = and i64 %1, 65535
  %13 = add nuw nsw i64 %7, 65520
  %14 = add nuw nsw i64 %13, %12
  %15 = lshr i64 %0, 16
  %16 = and i64 %15, 65535
  %17 = lshr i64 %1, 16
  %18 = and i64 %17, 65535
  %19 = add nuw nsw i64 %16, 65521
  %20 = add nuw nsw i64 %19, %18
  %21 = sub nuw nsw i64 %20, %6
  %22 = add nuw nsw i64 %21, %11
  %23 = icmp ugt i64 %14, 65520
  %24 = add nsw i64 %14, -65521
  %25 = select i1 %23, i64 %24, i64 65520
  %26 = icmp ugt i64 %25, 65520
  %27 = add nsw i64 %25, -65521
  %28 = select i1 %26, i64 %27, i64 %25
  %29 = icmp ugt i64 %22, 131041
  %30 = add nsw i64 %22, -131042
  %31 = select i1 %29, i64 %30, i64 %22
  %32 = icmp ugt i64 %31, 65520
  %33 = shl nuw nsw i64 %31, 16
  %34 = add nsw i64 %33, -4293984256
  %35 = select i1 %32, i64 %34, i64 %33
  %36 = or i64 %35, %28
  br label %37

37:                                               ; preds = %3, %5
  %38 = phi i64 [ %36, %5 ], [ 4294967295, %3 ]
  ret i64 %38
}

attributes #0 = { nofree norecurse nosync nounwind readonly uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.unroll.disable"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !11}
!13 = distinct !{!13, !11}
!14 = distinct !{!14, !9}
!15 = distinct !{!15, !11}
!16 = distinct !{!16, !11}
