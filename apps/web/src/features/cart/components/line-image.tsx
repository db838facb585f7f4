/** Product thumbnail of a cart or order line; a plain tile when the product has no image. */
export function LineImage({ src, alt }: { src: string; alt: string }) {
  if (!src)
    return (
      <div
        className="h-16 w-16 shrink-0 rounded border border-gray-200 bg-gray-50"
        aria-hidden="true"
      />
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className="h-16 w-16 shrink-0 rounded border border-gray-200 bg-white object-contain"
    />
  );
}
