import { useCallback, useState } from 'react';
import { LOCAL_STORAGE_KEYS } from '@drp/domain';

/** The sidebar's open state survives reloads, stored as "1" (open) or "0" (collapsed) per spec §9. */
export function useSidebarOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => localStorage.getItem(LOCAL_STORAGE_KEYS.sidebarOpen) !== '0');
  const toggle = useCallback(() => {
    setOpen((was) => {
      localStorage.setItem(LOCAL_STORAGE_KEYS.sidebarOpen, was ? '0' : '1');
      return !was;
    });
  }, []);
  return [open, toggle];
}
