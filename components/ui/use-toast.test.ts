/** @jest-environment node */
import {
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  actionTypes,
  dismissToast,
  getState,
  reducer,
  toast,
  type State,
  type ToasterToast,
} from "./use-toast";

function makeToast(id: string, overrides: Partial<ToasterToast> = {}): ToasterToast {
  return { id, open: true, title: `Toast ${id}`, ...overrides };
}

describe("use-toast constants", () => {
  it("exposes the project defaults", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });
});

describe("reducer", () => {
  const empty: State = { toasts: [] };

  it("adds a toast", () => {
    const state = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]?.id).toBe("1");
    expect(state.toasts[0]?.open).toBe(true);
  });

  it("keeps only one visible toast: adding a second replaces the first", () => {
    const first = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    const second = reducer(first, { type: actionTypes.ADD_TOAST, toast: makeToast("2") });

    expect(second.toasts).toHaveLength(1);
    expect(second.toasts[0]?.id).toBe("2");
    expect(second.toasts.some((t) => t.id === "1")).toBe(false);
  });

  it("never holds more than TOAST_LIMIT toasts", () => {
    let state = empty;
    for (let i = 0; i < 5; i += 1) {
      state = reducer(state, { type: actionTypes.ADD_TOAST, toast: makeToast(String(i)) });
    }
    expect(state.toasts).toHaveLength(TOAST_LIMIT);
    expect(state.toasts[0]?.id).toBe("4");
  });

  it("dismiss marks the toast as closed (open=false) without removing it", () => {
    const added = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    const dismissed = reducer(added, { type: actionTypes.DISMISS_TOAST, toastId: "1" });

    expect(dismissed.toasts).toHaveLength(1);
    expect(dismissed.toasts[0]?.open).toBe(false);
  });

  it("dismiss without id closes every toast", () => {
    const state: State = { toasts: [makeToast("a"), makeToast("b")] };
    const dismissed = reducer(state, { type: actionTypes.DISMISS_TOAST });
    expect(dismissed.toasts.every((t) => t.open === false)).toBe(true);
  });

  it("dismiss with an unknown id changes nothing", () => {
    const added = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    const dismissed = reducer(added, { type: actionTypes.DISMISS_TOAST, toastId: "x" });
    expect(dismissed.toasts[0]?.open).toBe(true);
  });

  it("updates a toast by id", () => {
    const added = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    const updated = reducer(added, {
      type: actionTypes.UPDATE_TOAST,
      toast: { id: "1", title: "Atualizado" },
    });
    expect(updated.toasts[0]?.title).toBe("Atualizado");
    expect(updated.toasts[0]?.open).toBe(true);
  });

  it("removes a toast by id, or all toasts without id", () => {
    const state: State = { toasts: [makeToast("a"), makeToast("b")] };
    expect(reducer(state, { type: actionTypes.REMOVE_TOAST, toastId: "a" }).toasts).toEqual([state.toasts[1]]);
    expect(reducer(state, { type: actionTypes.REMOVE_TOAST }).toasts).toEqual([]);
  });

  it("does not mutate the previous state", () => {
    const added = reducer(empty, { type: actionTypes.ADD_TOAST, toast: makeToast("1") });
    reducer(added, { type: actionTypes.DISMISS_TOAST, toastId: "1" });
    expect(empty.toasts).toHaveLength(0);
    expect(added.toasts[0]?.open).toBe(true);
  });
});

describe("toast() store", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  });

  it("shows only the latest toast", () => {
    const first = toast({ title: "Primeiro" });
    const second = toast({ title: "Segundo", description: "Detalhes", variant: "destructive" });

    const { toasts } = getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.id).toBe(second.id);
    expect(toasts[0]?.id).not.toBe(first.id);
    expect(toasts[0]?.title).toBe("Segundo");
    expect(toasts[0]?.variant).toBe("destructive");
    expect(toasts[0]?.open).toBe(true);
  });

  it("dismiss() sets open=false and removes the toast after TOAST_REMOVE_DELAY", () => {
    const handle = toast({ title: "Salvo" });
    handle.dismiss();

    expect(getState().toasts.find((t) => t.id === handle.id)?.open).toBe(false);

    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(getState().toasts.find((t) => t.id === handle.id)).toBeUndefined();
  });

  it("closing through onOpenChange(false) dismisses the toast", () => {
    const handle = toast({ title: "Fechar pelo Radix" });
    getState().toasts[0]?.onOpenChange?.(false);
    expect(getState().toasts.find((t) => t.id === handle.id)?.open).toBe(false);
  });

  it("dismissToast() without id closes the visible toast", () => {
    const handle = toast({ title: "Qualquer" });
    dismissToast();
    expect(getState().toasts.find((t) => t.id === handle.id)?.open).toBe(false);
  });
});
