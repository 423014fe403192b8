import type { FieldPath, FieldValues, RegisterOptions, UseFormRegister } from "react-hook-form";

/**
 * register(), with the field's starting value also in the HTML the server
 * draws (defaultValue, or defaultChecked for a checkbox). React Hook Form
 * writes a field's value through its ref, once React has the page: without
 * this, a form the server draws (the settings, a link's editor) shows empty
 * fields until the page's scripts have run. Not for radio buttons (their
 * value is theirs: give the checked one defaultChecked).
 */
export function drawnRegister<T extends FieldValues>(register: UseFormRegister<T>, values: T) {
  return <N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>) => {
    const value = name.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | null | undefined)?.[key], values);
    const field = register(name, options);
    if (typeof value === "boolean") return { ...field, defaultChecked: value };
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a drawn field's value is a string or a number
    return { ...field, defaultValue: value == null ? undefined : String(value) };
  };
}

export type DrawnRegister<T extends FieldValues> = ReturnType<typeof drawnRegister<T>>;
