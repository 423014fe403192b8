"use client";

import { DragDropContext, Draggable, Droppable, useMouseSensor, useTouchSensor, type DraggableProvided, type DropResult } from "@hello-pangea/dnd";
import type { ReactNode } from "react";
import type { LinkDto } from "@/lib/links/link-dto";
import { linksStrings as t } from "@/lib/strings/links";

// Dragging with a mouse or a finger (@hello-pangea/dnd), loaded by
// ./sortable-link-list.tsx when a pointer comes over the list or a finger
// touches the page: the dashboard's first script does without it. The keys
// are not dnd's: the list lifts, moves and drops a row with the keyboard
// itself, from the first moment, so dnd's keyboard sensor is left out.
const SENSORS = [useMouseSensor, useTouchSensor];

export default function LinkDnd({
  links,
  label,
  onReorder,
  row,
}: {
  links: LinkDto[];
  label: string;
  onReorder: (from: number, to: number) => void;
  row: (link: LinkDto, index: number, provided: DraggableProvided, dragging: boolean) => ReactNode;
}) {
  const total = links.length;
  const titleOf = (index: number) => links[index]?.title ?? "";
  function onDragEnd(result: DropResult, provided: { announce: (message: string) => void }) {
    const from = result.source.index;
    if (!result.destination) return provided.announce(t.dragCancelled(titleOf(from), from + 1));
    provided.announce(t.dragDropped(titleOf(from), result.destination.index + 1, total));
    if (result.destination.index !== from) onReorder(from, result.destination.index);
  }
  return (
    <DragDropContext
      enableDefaultSensors={false}
      sensors={SENSORS}
      dragHandleUsageInstructions={t.dragInstructions}
      onDragStart={(start, provided) => provided.announce(t.dragLifted(titleOf(start.source.index), start.source.index + 1, total))}
      onDragUpdate={(update, provided) =>
        update.destination && provided.announce(t.dragMoved(titleOf(update.source.index), update.destination.index + 1, total))
      }
      onDragEnd={onDragEnd}
    >
      <Droppable droppableId="links">
        {(drop) => (
          <ul ref={drop.innerRef} {...drop.droppableProps} className="grid grid-cols-1 gap-2" aria-label={label} data-drag="ready">
            {links.map((link, index) => (
              <Draggable key={link.id} draggableId={link.id} index={index}>
                {(provided, snapshot) => row(link, index, provided, snapshot.isDragging)}
              </Draggable>
            ))}
            {drop.placeholder}
          </ul>
        )}
      </Droppable>
    </DragDropContext>
  );
}
