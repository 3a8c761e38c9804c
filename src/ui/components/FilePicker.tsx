/**
 * A button that opens the browser's file picker (files, or a folder with `folder`). The input
 * stays hidden; the button is a real `<button>`, so it is reached with Tab and pressed with Enter
 * or Space like any other. The input keeps its test id for tests that set files directly.
 */
import type { JSX } from "solid-js";

/** Props of {@link FilePicker}. */
export interface FilePickerProps {
  label: string;
  title?: string;
  accept?: string;
  multiple?: boolean;
  /** Pick a folder (every file under it) instead of files. */
  folder?: boolean;
  /** Test id of the hidden input; the button gets `<testId>-button`. */
  testId: string;
  /** The files chosen (never called with none). */
  onFiles(files: File[]): void;
}

/** The file-picker button. */
export function FilePicker(props: FilePickerProps): JSX.Element {
  let input!: HTMLInputElement;
  return (
    <>
      <button
        type="button"
        title={props.title}
        data-testid={`${props.testId}-button`}
        onClick={() => input.click()}
      >
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={props.accept}
        multiple={props.multiple}
        data-testid={props.testId}
        {...(props.folder ? { webkitdirectory: true } : {})}
        onChange={(e) => {
          const fs = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = "";
          if (fs.length) props.onFiles(fs);
        }}
      />
    </>
  );
}
