// Picking the square of a picture to keep, for a profile picture (one's own, or a persona's).
// react-easy-crop reports the square in the picture's own pixels, which is what the server cuts.
import { useEffect, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { Slider } from "../ui/slider.tsx";

/** The kinds of picture the server re-encodes. */
export const PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A local address for a chosen file, let go when the file changes or the component goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The picture in a round frame to drag and zoom; tells `onArea` the square chosen. */
export function SquareCropper({ file, onArea }: { file: File; onArea: (area: Area) => void }) {
  const url = useObjectUrl(file);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <>
      <div className="relative h-72 overflow-hidden rounded-xl bg-stone-900 sm:h-80">
        {url ? (
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => onArea(pixels)}
          />
        ) : null}
      </div>
      <div className="mt-4">
        <Slider
          label="Zoom"
          min={1}
          max={4}
          step={0.05}
          value={[zoom]}
          onValueChange={([value]) => setZoom(value ?? 1)}
        />
      </div>
    </>
  );
}
