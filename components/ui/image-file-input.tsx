"use client";

import type { ComponentProps } from "react";
import { ACCEPT_ATTRIBUTE } from "@/lib/images/image-rules";

type Props = Omit<ComponentProps<"input">, "type" | "accept" | "onChange" | "className"> & { onFile: (file: File) => void };

/**
 * The hidden file input behind an image picker's buttons (avatar, cover, link
 * thumbnail): the accepted image types, one file, emptied after each pick so
 * the same file can be picked again.
 */
export function ImageFileInput({ onFile, tabIndex = -1, ...props }: Props) {
  return (
    <input
      {...props}
      type="file"
      accept={ACCEPT_ATTRIBUTE}
      className="sr-only"
      tabIndex={tabIndex}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = "";
        if (file) onFile(file);
      }}
    />
  );
}
