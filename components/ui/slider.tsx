"use client";

import * as React from "react";
import { Slider as SliderPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

type SliderProps = React.ComponentProps<typeof SliderPrimitive.Root> & {
  /**
   * Rótulos acessíveis de cada alça, na ordem dos valores.
   * Sem isso, uma alça única usa `aria-label` do Slider e duas alças usam "Mínimo"/"Máximo".
   */
  thumbLabels?: string[];
};

function Slider({
  className,
  defaultValue,
  value,
  min = 0,
  max = 100,
  thumbLabels,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  ...props
}: SliderProps) {
  const values = React.useMemo(
    () => (Array.isArray(value) ? value : Array.isArray(defaultValue) ? defaultValue : [min]),
    [value, defaultValue, min],
  );

  const labelFor = (index: number): string | undefined => {
    const explicit = thumbLabels?.[index];
    if (explicit) return explicit;
    if (values.length === 1) return ariaLabel;
    if (values.length === 2) {
      const bound = index === 0 ? "Mínimo" : "Máximo";
      return ariaLabel ? `${ariaLabel} (${bound.toLowerCase()})` : bound;
    }
    return ariaLabel ? `${ariaLabel} (${index + 1} de ${values.length})` : undefined;
  };

  return (
    <SliderPrimitive.Root
      data-slot="slider"
      defaultValue={defaultValue}
      value={value}
      min={min}
      max={max}
      className={cn(
        "relative flex w-full touch-none items-center py-2 select-none data-[disabled]:opacity-50",
        "data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-44 data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col data-[orientation=vertical]:px-2 data-[orientation=vertical]:py-0",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className={cn(
          "relative grow overflow-hidden rounded-full bg-primary/20",
          "data-[orientation=horizontal]:h-1.5 data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-1.5",
        )}
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute bg-primary data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full"
        />
      </SliderPrimitive.Track>
      {values.map((_, index) => (
        <SliderPrimitive.Thumb
          data-slot="slider-thumb"
          // As alças não têm identidade própria além da posição.
          key={index}
          aria-label={labelFor(index)}
          aria-labelledby={labelFor(index) ? undefined : ariaLabelledBy}
          className={cn(
            "block size-5 shrink-0 rounded-full border-2 border-primary bg-background shadow-sm transition-[box-shadow] outline-none sm:size-4",
            "hover:ring-4 hover:ring-ring/30",
            "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
            "data-[disabled]:pointer-events-none",
          )}
        />
      ))}
    </SliderPrimitive.Root>
  );
}

export { Slider, type SliderProps };
