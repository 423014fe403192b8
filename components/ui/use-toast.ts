"use client";

import * as React from "react";

import type { ToastActionElement, ToastProps } from "./toast";

/** Quantidade máxima de toasts visíveis ao mesmo tempo (um novo substitui o anterior). */
export const TOAST_LIMIT = 1;
/** Tempo (ms) até um toast fechar sozinho. */
export const TOAST_DURATION = 5000;
/** Tempo (ms) que um toast dispensado permanece no estado antes de ser removido. */
export const TOAST_REMOVE_DELAY = 1000000;
/** Distância (px) de arraste necessária para dispensar um toast. */
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

export const actionTypes = {
  ADD_TOAST: "ADD_TOAST",
  UPDATE_TOAST: "UPDATE_TOAST",
  DISMISS_TOAST: "DISMISS_TOAST",
  REMOVE_TOAST: "REMOVE_TOAST",
} as const;

export type Action =
  | { type: typeof actionTypes.ADD_TOAST; toast: ToasterToast }
  | { type: typeof actionTypes.UPDATE_TOAST; toast: Partial<ToasterToast> & { id: string } }
  | { type: typeof actionTypes.DISMISS_TOAST; toastId?: string }
  | { type: typeof actionTypes.REMOVE_TOAST; toastId?: string };

export interface State {
  toasts: ToasterToast[];
}

let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

/** Reducer puro: sem efeitos colaterais (os timers ficam em `dispatch`). */
export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case actionTypes.ADD_TOAST:
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };

    case actionTypes.UPDATE_TOAST:
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };

    case actionTypes.DISMISS_TOAST: {
      const { toastId } = action;
      return {
        ...state,
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }

    case actionTypes.REMOVE_TOAST:
      if (action.toastId === undefined) {
        return { ...state, toasts: [] };
      }
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };

    default:
      return state;
  }
}

// ---------------------------------------------------------------------------
// Store em nível de módulo (sem dependência de framework).
// ---------------------------------------------------------------------------

type Listener = (state: State) => void;

const listeners = new Set<Listener>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
const EMPTY_STATE: State = { toasts: [] };
let memoryState: State = EMPTY_STATE;

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: actionTypes.REMOVE_TOAST, toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);

  if (action.type === actionTypes.DISMISS_TOAST) {
    for (const t of memoryState.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
    }
  }

  // Cancela timers de toasts que já saíram do estado (ex.: substituídos pelo limite).
  for (const [id, timeout] of removeTimeouts) {
    if (!memoryState.toasts.some((t) => t.id === id)) {
      clearTimeout(timeout);
      removeTimeouts.delete(id);
    }
  }

  for (const listener of listeners) listener(memoryState);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getState(): State {
  return memoryState;
}

export type Toast = Omit<ToasterToast, "id">;

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (props: Partial<Toast>) => void;
}

/** Exibe um toast. Ex.: toast({ title: "Link salvo", description: "...", variant: "default" }). */
export function toast(props: Toast): ToastHandle {
  const id = genId();

  const update = (next: Partial<Toast>) => dispatch({ type: actionTypes.UPDATE_TOAST, toast: { ...next, id } });
  const dismiss = () => dispatch({ type: actionTypes.DISMISS_TOAST, toastId: id });

  dispatch({
    type: actionTypes.ADD_TOAST,
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open: boolean) => {
        props.onOpenChange?.(open);
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

/** Dispensa um toast pelo id, ou todos quando omitido. */
export function dismissToast(toastId?: string): void {
  dispatch({ type: actionTypes.DISMISS_TOAST, toastId });
}

const getServerSnapshot = (): State => EMPTY_STATE;

export function useToast() {
  const state = React.useSyncExternalStore(subscribe, getState, getServerSnapshot);

  return {
    ...state,
    toast,
    dismiss: dismissToast,
  };
}
