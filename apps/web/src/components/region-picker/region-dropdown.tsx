import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** How the dropdown opens: a click, hovering the trigger, or its context menu. */
export type DropdownTrigger = 'click' | 'hover' | 'contextmenu';

/** docs/product-rules.md section 9: hover opens (and closes) after 150 ms; the panel sits 5 px off the trigger. */
export const HOVER_DELAY_MS = 150;
export const DROPDOWN_GAP_PX = 5;

export interface RegionDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Text on the trigger. */
  text: string;
  /** Shows the trigger text as a placeholder. */
  placeholder?: boolean;
  trigger?: DropdownTrigger;
  disabled?: boolean;
  id?: string;
  className?: string;
  contentStyle?: CSSProperties;
  contentLabel: string;
  /** Move focus into the panel on open (the city picker's search box). */
  focusContent?: boolean;
  children: ReactNode;
}

/**
 * Trigger button plus floating panel shared by the region pickers. Radix places the panel below
 * the trigger, flips it above when there is no room below, and closes it on an outside click or
 * Escape; it also works inside a modal dialog.
 */
export function RegionDropdown({
  open,
  onOpenChange,
  text,
  placeholder,
  trigger = 'click',
  disabled,
  id,
  className,
  contentStyle,
  contentLabel,
  focusContent,
  children,
}: RegionDropdownProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hover = trigger === 'hover';

  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onOpenChange(next), HOVER_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);

  return (
    <Popover.Root open={open && !disabled} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          id={id}
          disabled={disabled}
          data-trigger={trigger}
          className={cn(
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded border border-gray-300 bg-white px-3 text-left text-sm outline-none transition-colors focus:border-primary disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-400',
            open && 'border-primary',
            className,
          )}
          onClick={(e) => {
            // Radix toggles on click; the hover and context-menu modes decide themselves.
            if (trigger === 'click') return;
            e.preventDefault();
            if (hover) {
              cancel();
              onOpenChange(true);
            }
          }}
          onContextMenu={(e) => {
            if (trigger !== 'contextmenu') return;
            e.preventDefault();
            onOpenChange(true);
          }}
          onPointerEnter={hover ? () => later(true) : undefined}
          onPointerLeave={hover ? () => later(false) : undefined}
        >
          <span className={cn('truncate', placeholder && 'text-gray-400')}>{text}</span>
          <span
            aria-hidden
            className={cn('text-xs text-gray-400 transition-transform', open && 'rotate-180')}
          >
            ▼
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={DROPDOWN_GAP_PX}
          collisionPadding={8}
          aria-label={contentLabel}
          className="z-50 rounded border border-gray-200 bg-white text-sm shadow-lg outline-none"
          style={contentStyle}
          onOpenAutoFocus={(e) => {
            if (!focusContent || hover) e.preventDefault();
          }}
          onPointerEnter={hover ? cancel : undefined}
          onPointerLeave={hover ? () => later(false) : undefined}
          // A modal dialog blocks wheel and touch scrolling outside itself; the panel is
          // portalled out of it, so its own scrolling must not reach the dialog's blocker.
          onWheel={(e) => e.stopPropagation()}
          onTouchMove={(e) => e.stopPropagation()}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
