import { variantWidthsFor } from "../../../domain/blog/cover";

/**
 * Smaller copies of a cover, drawn by this browser at the widths the site offers (the Worker
 * has no image codec; the server checks each copy against the original). Pixels are read as
 * stored, without EXIF rotation, so each copy's proportions match the size in the original's
 * header that the server reads. A browser that cannot decode the file sends no copies.
 */
export async function coverVariants(file: File): Promise<Blob[]> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "none" });
  } catch {
    return [];
  }
  const copies: Blob[] = [];
  for (const width of variantWidthsFor(bitmap.width)) {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = Math.round((bitmap.height * width) / bitmap.width);
    const context = canvas.getContext("2d");
    if (!context) break;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // WebP where the browser encodes it; otherwise toBlob falls back to PNG, which we also take.
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.82));
    if (blob) copies.push(blob);
  }
  bitmap.close();
  return copies;
}
