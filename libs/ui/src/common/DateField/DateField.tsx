import { TextInput } from '@mantine/core';
import {
  DISPLAY_DATE_PATTERN,
  formatIsoDate,
  maskDisplayDate,
  parseDisplayDate,
} from '@pando/domain';
import { useState, type ReactNode } from 'react';

export interface DateFieldProps {
  /** The field's label. */
  label: ReactNode;
  /**
   * The date as the wire has it: ISO `YYYY-MM-DD`, '' for none, or the text typed so far while it
   * is not a date yet (so a half-typed date is never replaced by the one saved before).
   */
  value: string;
  /** Receives the ISO date once the text is a date, '' when cleared, else the text as typed. */
  onChange: (value: string) => void;
  /** Marks the field as required. @default false */
  required?: boolean;
  /** Shows the date without letting it change. @default false */
  readOnly?: boolean;
  /** An error from outside (a refused save, a required field left empty); true outlines the field only. */
  error?: ReactNode;
  /** The hint inside the empty field. @default 'dd/mm/yyyy' */
  placeholder?: string;
  /** A line under the label. */
  description?: ReactNode;
}

/**
 * A calendar date typed as dd/mm/yyyy, the way the rest of the app writes dates, whatever the
 * browser's language (the native date input showed mm/dd/yyyy in an en-US browser). The slashes
 * are typed for the person; a date that does not exist is named as such once the field is left.
 * The parse and format rule is the domain's (`parseDisplayDate`, `formatIsoDate`).
 */
export function DateField({
  label,
  value,
  onChange,
  required = false,
  readOnly = false,
  error,
  placeholder = DISPLAY_DATE_PATTERN,
  description,
}: DateFieldProps) {
  const [left, setLeft] = useState(false);
  const text = formatIsoDate(value);
  const parsed = parseDisplayDate(text);
  const ownError = left && parsed.kind === 'invalid' ? parsed.message : null;
  return (
    <TextInput
      label={label}
      description={description}
      value={text}
      placeholder={placeholder}
      required={required}
      readOnly={readOnly}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      error={ownError ?? error}
      onChange={(event) => {
        const next = maskDisplayDate(event.currentTarget.value, text);
        const read = parseDisplayDate(next);
        onChange(read.kind === 'date' ? read.iso : read.kind === 'empty' ? '' : next);
      }}
      onFocus={() => {
        setLeft(false);
      }}
      onBlur={() => {
        setLeft(true);
      }}
    />
  );
}
