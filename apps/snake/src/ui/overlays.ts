// Which popups are open. Every popup goes through Modal, which registers here, so the game pauses for any popup —
// one added later included — without code of its own.

let open = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Registers an open popup; call the answer once when it closes (calling it again does nothing). */
export function openOverlay(): () => void {
  open += 1;
  emit();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    open -= 1;
    emit();
  };
}

export const isOverlayOpen = (): boolean => open > 0;

/** Called synchronously whenever a popup opens or closes. */
export function subscribeOverlays(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
