// A title's cover. Covers stored by the server come in several widths as WebP (the media route's
// `?w=…&f=webp` variants), so phones download what they show; other covers (the demo's SVGs)
// are used as they are. Without a cover, the title on the brand gradient.

const VARIANT_WIDTHS = [160, 240, 320, 480, 640] as const;

export function coverSources(url: string): { src: string; srcSet?: string } {
  if (!url.startsWith("/media/covers/")) return { src: url };
  return {
    src: `${url}?w=480&f=webp`,
    srcSet: VARIANT_WIDTHS.map((width) => `${url}?w=${width}&f=webp ${width}w`).join(", "),
  };
}

export function CoverImage({
  url,
  title,
  sizes,
  className = "",
  isEager = false,
}: {
  url: string | null;
  title: string;
  /** How wide the cover shows, for choosing among the variants (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /** Load at once (a page's main cover) rather than when scrolled near. */
  isEager?: boolean;
}) {
  if (!url) {
    return (
      <div
        className={`flex items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 p-3 text-center font-serif text-lg font-bold text-white ${className}`}
      >
        {title}
      </div>
    );
  }
  const { src, srcSet } = coverSources(url);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt=""
      loading={isEager ? "eager" : "lazy"}
      // A page's main covers are its largest paint: ahead of other images.
      fetchPriority={isEager ? "high" : "auto"}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
