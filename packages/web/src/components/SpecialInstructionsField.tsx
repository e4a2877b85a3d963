import { SPECIAL_INSTRUCTIONS_MAX_LENGTH } from "@printhood/core/shared/sizes";
/** The order's free-text note for the printer owner (the API keeps up to 1000 characters). */
export function SpecialInstructionsField({
  id,
  value,
  onChange,
  labelClassName,
  inputClassName,
  placeholder,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  labelClassName: string;
  inputClassName: string;
  placeholder?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        Special Instructions (optional)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={SPECIAL_INSTRUCTIONS_MAX_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={inputClassName}
      />
    </>
  );
}
