import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface MenuLink {
  to: string;
  label: string;
}

/** A menu entry that does something here rather than go somewhere (sign out). */
export interface MenuAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * A small disclosure menu for the header (Other, account, admin). Bootstrap's own dropdown pulls a
 * positioning engine into every page; this needs none. Escape or a click outside closes it.
 */
export function MenuDropdown({
  label,
  links,
  actions = [],
  align = 'start',
}: {
  label: ReactNode;
  links: MenuLink[];
  actions?: MenuAction[];
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="nav-item dropdown position-relative" ref={root}>
      <button
        type="button"
        className="nav-link dropdown-toggle border-0 bg-transparent"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <ul
        id={id}
        className={`dropdown-menu${open ? ' show' : ''}${align === 'end' ? ' dropdown-menu-lg-end' : ''}`}
        style={{ position: 'absolute', zIndex: 1050 }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Link className="dropdown-item" to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className="dropdown-item"
              disabled={action.disabled}
              onClick={() => {
                setOpen(false);
                action.onClick();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
