import { useEffect, useRef } from 'react';

/** Calls onTick every `period` ms while `running`; re-armed whenever the period changes (tickRate grows per snack). */
export function useClock(running: boolean, period: number, onTick: () => void): void {
  const tickRef = useRef(onTick);
  tickRef.current = onTick;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => tickRef.current(), period);
    return () => window.clearInterval(id);
  }, [running, period]);
}
