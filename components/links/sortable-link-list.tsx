"use client";

import type { DraggableProvided } from "@hello-pangea/dnd";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import type { LinkDto } from "@/lib/links/link-dto";
import { linksStrings as t } from "@/lib/strings/links";
import { Button } from "@/components/ui/button";
import { LinkRow } from "./link-row";

type LinkDndComponent = ComponentType<React.ComponentProps<typeof import("./link-dnd").default>>;

const INSTRUCTIONS_ID = "link-drag-instructions";
/**
 * Rows drawn at first: an owner with hundreds of links gets the first ones
 * (rendered on the server and hydrated on the phone in a fraction of the
 * time) and a button for the rest. Moving a row past the last one drawn
 * draws them all.
 */
export const FIRST_ROWS = 100;
const FOCUSABLE = "a[href],button,input,[tabindex]";

// Whether a pointer is pressed now (a press begun on a row must end on the same element, or it is no click).
let pressing = false;
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", () => void (pressing = true), { capture: true, passive: true });
  for (const end of ["pointerup", "pointercancel"]) window.addEventListener(end, () => void (pressing = false), { capture: true, passive: true });
}

/** Runs `swap` now, or once the press in progress has ended and its click has been dispatched. */
function afterPress(swap: () => void) {
  if (!pressing) return swap();
  const ended = () => {
    window.removeEventListener("pointerup", ended, true);
    window.removeEventListener("pointercancel", ended, true);
    setTimeout(swap, 0);
  };
  window.addEventListener("pointerup", ended, true);
  window.addEventListener("pointercancel", ended, true);
}

/** A link's row in the document, once drawn. */
export const rowElement = (id: string) => document.querySelector<HTMLElement>(`[data-testid="link-row"][data-id="${CSS.escape(id)}"]`);
const handleOf = (id: string) => rowElement(id)?.querySelector<HTMLElement>('[data-testid="drag-handle"]') ?? null;

/** The list with `from`'s item at `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * 'Meus Links' rows, drawn by the server with the page and the same once
 * React has it. A row is moved three ways:
 * - its move buttons;
 * - the keyboard on its drag handle (space or Enter lifts it, the arrows
 *   move it, space or Enter drops it, Esc puts it back), handled here, with
 *   what happens said in pt-BR to screen readers: it works as soon as React
 *   has the page;
 * - a mouse or a finger, through @hello-pangea/dnd (./link-dnd.tsx), which is
 *   not in the page's first script: it is loaded when a pointer comes over
 *   the list or a finger touches the page, before the drag itself. The rows
 *   are then drawn again inside it (never under a press in progress, whose
 *   click would be lost); the element that had focus gets it back.
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
  const [Dnd, setDnd] = useState<LinkDndComponent | null>(null);
  const loading = useRef(false);
  const focusBack = useRef<{ id: string; index: number } | null>(null);
  // A row lifted with the keyboard: where it is shown now. `settling`: dropped, shown there until the list has the new order.
  const [lift, setLift] = useState<{ id: string; to: number; settling?: boolean } | null>(null);
  const [said, say] = useState("");
  const listRef = useRef<HTMLDivElement>(null);

  const from = lift ? links.findIndex((l) => l.id === lift.id) : -1;
  const [all, setAll] = useState(false);
  const drawn = all ? links.length : Math.min(links.length, FIRST_ROWS);
  const ordered = lift && from >= 0 ? moved(links, from, lift.to) : links;
  const shown = drawn < ordered.length ? ordered.slice(0, drawn) : ordered;
  const firstRevealed = useRef<string | null>(null);
  function drawAll(focusFirstRevealed = false) {
    if (all) return;
    if (focusFirstRevealed) firstRevealed.current = links[drawn]?.id ?? null;
    setAll(true);
  }

  // 'Mostrar os outros links' goes away once pressed: focus goes on to the first row it drew.
  useEffect(() => {
    const id = firstRevealed.current;
    if (!all || !id) return;
    firstRevealed.current = null;
    handleOf(id)?.focus();
  }, [all]);

  function loadDnd() {
    if (loading.current) return;
    loading.current = true;
    // Asked for in a task of its own: a pointer coming over the list is often on its way to a press, whose
    // events (pointerdown, click: the switch's flip) go first.
    setTimeout(() => void loadDndNow(), 0);
  }
  function loadDndNow() {
    return import("./link-dnd").then(
      (module) =>
        afterPress(() => {
          // The rows are drawn again inside dnd's list: remember which control had focus.
          const active = document.activeElement;
          const row = active?.closest<HTMLElement>('[data-testid="link-row"]');
          if (active && row?.dataset.id && listRef.current?.contains(row)) {
            focusBack.current = { id: row.dataset.id, index: [...row.querySelectorAll(FOCUSABLE)].indexOf(active) };
          }
          setDnd(() => module.default);
        }),
      () => {
        loading.current = false;
      },
    );
  }

  // On a touch screen there is no pointer coming over the list first: the first touch anywhere loads it.
  useEffect(() => {
    window.addEventListener("touchstart", loadDnd, { once: true, passive: true });
    return () => window.removeEventListener("touchstart", loadDnd);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener for the list's life; loadDnd reads only refs and a state setter
  }, []);

  useLayoutEffect(() => {
    const wanted = focusBack.current;
    if (!Dnd || !wanted) return;
    focusBack.current = null;
    rowElement(wanted.id)?.querySelectorAll<HTMLElement>(FOCUSABLE)[wanted.index]?.focus();
  }, [Dnd]);

  // A lifted row moved in the list has been moved in the document too, which takes focus away from its handle: give it back.
  useLayoutEffect(() => {
    if (!lift) return;
    const handle = handleOf(lift.id);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [lift, shown]);

  // The dropped row is shown where it was dropped until the list itself has changed (the new order, or the old one back on failure).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after the new list is drawn, so the row is not seen jumping back first
    setLift((current) => (current?.settling ? null : current));
  }, [links]);

  function onHandleKeyDown(event: KeyboardEvent, link: LinkDto) {
    const total = links.length;
    const press = event.key === " " || event.key === "Enter";
    if (!lift || lift.settling) {
      if (!press) return;
      event.preventDefault();
      const index = links.indexOf(link);
      setLift({ id: link.id, to: index });
      say(t.dragLifted(link.title, index + 1, total));
      return;
    }
    if (lift.id !== link.id) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const to = Math.min(total - 1, Math.max(0, lift.to + (event.key === "ArrowDown" ? 1 : -1)));
      if (to === lift.to) return;
      if (to >= drawn) drawAll();
      setLift({ id: link.id, to });
      say(t.dragMoved(link.title, to + 1, total));
    } else if (press) {
      event.preventDefault();
      say(t.dragDropped(link.title, lift.to + 1, total));
      if (lift.to === from) return setLift(null);
      setLift({ ...lift, settling: true });
      onReorder(from, lift.to);
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      setLift(null);
      say(t.dragCancelled(link.title, from + 1));
    }
  }

  const row = (link: LinkDto, index: number, provided?: DraggableProvided, dragging = false) => (
    <LinkRow
      key={link.id}
      link={link}
      provided={provided}
      dragging={dragging || (lift?.id === link.id && !lift.settling)}
      handleProps={{
        "aria-describedby": INSTRUCTIONS_ID,
        onKeyDown: (event) => onHandleKeyDown(event, link),
        // Focus gone elsewhere (not moved with the row): the lift ends where it started.
        onBlur: () =>
          requestAnimationFrame(() => {
            const handle = document.activeElement;
            if (handle?.closest('[data-testid="link-row"]')?.getAttribute("data-id") === link.id) return;
            setLift((current) => (current?.id === link.id && !current.settling ? null : current));
          }),
      }}
      first={index === 0}
      last={index === links.length - 1}
      onMove={(delta) => {
        const at = links.indexOf(link);
        if (at + delta >= drawn) drawAll();
        onMove(at, delta);
      }}
      onToggle={(active) => onToggle(link, active)}
      onDelete={() => onDelete(link)}
    />
  );

  return (
    <>
      <p id={INSTRUCTIONS_ID} hidden>
        {t.dragInstructions}
      </p>
      <p className="sr-only" aria-live="assertive" data-testid="drag-said">
        {said}
      </p>
      <div ref={listRef} onPointerEnter={loadDnd}>
        {Dnd ? (
          <Dnd links={shown} label={label} onReorder={onReorder} row={row} />
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label={label}>
            {shown.map((link, index) => row(link, index))}
          </ul>
        )}
      </div>
      {drawn < links.length ? (
        <Button type="button" variant="outline" className="mt-3 w-full" onClick={() => drawAll(true)}>
          {t.showAll(links.length - drawn)}
        </Button>
      ) : null}
    </>
  );
}
