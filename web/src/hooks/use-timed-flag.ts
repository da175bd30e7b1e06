import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A flag that turns itself off `ms` after it was raised (success notices; timings in
 * docs/product.md#konstanten-und-grenzen).
 */
export function useTimedFlag(ms: number): [visible: boolean, raise: () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [visible, raise];
}
