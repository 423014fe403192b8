"use client";

import { DragDropContext, Draggable, Droppable, type DropResult } from "@hello-pangea/dnd";
import type { LinkDto } from "@/lib/links/link-dto";
import { LinkRow } from "./link-row";

/**
 * 'Meus Links' rows with drag and drop, drawn by the server with the page (the
 * dashboard's scripts start at the owner's first touch, key or scroll: see
 * lib/server/deferred-boot.ts), and the same rows once React has the page, so
 * nothing is replaced under the owner's finger or focus.
 */
export function SortableLinkList({
  links,
  label,
  onReorder,
  onMove,
  onToggle,
  onDelete,
}: {
  links: LinkDto[];
  label: string;
  onReorder: (from: number, to: number) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onToggle: (link: LinkDto, active: boolean) => void;
  onDelete: (link: LinkDto) => void;
}) {
  function onDragEnd(result: DropResult) {
    if (!result.destination || result.destination.index === result.source.index) return;
    onReorder(result.source.index, result.destination.index);
  }
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="links">
        {(drop) => (
          <ul ref={drop.innerRef} {...drop.droppableProps} className="grid grid-cols-1 gap-2" aria-label={label}>
            {links.map((link, index) => (
              <Draggable key={link.id} draggableId={link.id} index={index}>
                {(provided, snapshot) => (
                  <LinkRow
                    link={link}
                    provided={provided}
                    dragging={snapshot.isDragging}
                    first={index === 0}
                    last={index === links.length - 1}
                    onMove={(delta) => onMove(index, delta)}
                    onToggle={(active) => onToggle(link, active)}
                    onDelete={() => onDelete(link)}
                  />
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </ul>
        )}
      </Droppable>
    </DragDropContext>
  );
}
