import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ReactNode } from 'react';

interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * An outlined text field without MUI TextField's select machinery (Select, Menu, Popover):
 * the sign-in screens use it to stay within the login bundle budget.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, error, helperText, required, fullWidth = true, ...input },
  ref,
) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} inputRef={ref} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
