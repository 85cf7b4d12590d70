import { type ReactNode, useEffect, useRef } from 'react';
import { openOverlay } from './overlays';

/**
 * A native modal <dialog>: focus is trapped inside, Escape closes it, and focus returns to the opener. While one is
 * open the game is paused (see overlays.ts): every popup pauses the game by being a Modal.
 */
export function Modal({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => openOverlay(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-label={title}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__head">
        <h2 className="modal__title">{title}</h2>
        <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
