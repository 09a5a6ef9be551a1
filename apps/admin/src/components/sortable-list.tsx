import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { cx } from '@school/ui';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/** Props to spread on an item's drag handle (a button): pointer and keyboard activation, ARIA. */
export type HandleProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> };

export interface SortableListProps<T extends { key: string }> {
  items: T[];
  /** What the list holds, for announcements ('module', 'lesson'). */
  noun: string;
  /** The item's name as announced to screen readers. */
  nameOf: (item: T) => string;
  onMove: (activeKey: string, overKey: string) => void;
  renderItem: (item: T, handle: HandleProps, index: number) => ReactNode;
  className?: string;
}

const INSTRUCTIONS =
  'To pick up an item, focus its drag handle and press Space or Enter. While dragging, use the Up and Down arrow keys to move it. Press Space or Enter again to drop it in its new place, or Escape to cancel.';

/**
 * A vertical list reordered by drag and drop, with the mouse, touch or the keyboard (dnd-kit's
 * keyboard sensor), announcing every move to screen readers by the items' names.
 */
export function SortableList<T extends { key: string }>({ items, noun, nameOf, onMove, renderItem, className }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier | undefined) => {
    const item = items.find((i) => i.key === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((i) => i.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${noun} ${name(active.id)}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${noun} ${name(active.id)} is over position ${position(over.id)} of ${items.length}.`
        : `${noun} ${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${noun} ${name(active.id)} was dropped at position ${position(over.id)} of ${items.length}.`
        : `${noun} ${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${noun} ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
        <ul className={cx('admin-sortable-list', className)}>
          {items.map((item, index) => (
            <SortableItem key={item.key} id={item.key}>
              {(handle) => renderItem(item, handle, index)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, children }: { id: string; children: (handle: HandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx('admin-sortable-list__item', isDragging && 'admin-sortable-list__item--dragging')}
      data-key={id}
    >
      {children({ ...attributes, ...listeners, ref: setActivatorNodeRef } as HandleProps)}
    </li>
  );
}

/** The grip button that starts a drag. */
export function DragHandle({ label, ...handle }: HandleProps & { label: string }) {
  return (
    <button type="button" className="admin-drag-handle" {...handle} aria-label={label}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="5" cy="3" r="1.5" />
        <circle cx="11" cy="3" r="1.5" />
        <circle cx="5" cy="8" r="1.5" />
        <circle cx="11" cy="8" r="1.5" />
        <circle cx="5" cy="13" r="1.5" />
        <circle cx="11" cy="13" r="1.5" />
      </svg>
    </button>
  );
}
