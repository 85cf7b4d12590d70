/**
 * A hint in two wordings; CSS shows the keyboard one where there is a fine pointer that hovers, the touch one on touch
 * screens (`(pointer: coarse), (hover: none)`). The hidden one is display:none, so it is not read out either.
 */
export function Hint({ keys, touch }: { keys: string; touch: string }) {
  return (
    <>
      <span className="hint--keys">{keys}</span>
      <span className="hint--touch">{touch}</span>
    </>
  );
}
