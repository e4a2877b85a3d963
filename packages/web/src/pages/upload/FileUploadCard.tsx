import { type ChangeEvent, useId } from "react";
import type { Job } from "../../api/types";
import { UploadIcon } from "../../components/icons";
import { UploadProgressBar } from "../../components/UploadProgressBar";
import { formatGrams } from "../../lib/format";
import { cardClass } from "../../lib/styles";
import { MAX_UPLOAD_SIZE, UPLOAD_ACCEPT, uploadFormatsText } from "../../lib/uploads";
import { useFileDrop } from "../../lib/useFileDrop";
import type { DesignUpload } from "../../upload/useDesignUpload";
import { mb } from "./settings";

/** File Upload (spec 1 §2): the drop zone, or in draft mode the draft's file with Upload Different File. */
export function FileUploadCard({
  upload,
  editing,
  onReplace,
  onFiles,
  orderable,
}: {
  upload: DesignUpload;
  /** False when the server could not analyse the file (then it is not "ready for submission"). */
  orderable: boolean;
  editing: Job | null;
  onReplace(): void;
  /** Files picked or dropped together: the first is this upload, the others the project's next parts (issue 22). */
  onFiles(files: File[]): void;
}) {
  return (
    <section aria-labelledby="file-upload-title" className={cardClass}>
      <h2 id="file-upload-title" className="text-lg font-semibold text-slate-900">
        File Upload
      </h2>
      {editing ? (
        <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold text-slate-900">Editing Draft: {editing.fileName}</p>
          <p className="mt-1 text-sm text-slate-600">
            {mb(editing.fileSize)} · Estimated weight {formatGrams(editing.estimatedWeight)}
          </p>
          <button
            type="button"
            onClick={onReplace}
            className="mt-3 rounded-lg border border-brand-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-100"
          >
            Upload Different File
          </button>
        </div>
      ) : (
        <DropZone upload={upload} onFiles={onFiles} orderable={orderable} />
      )}
    </section>
  );
}

/** Drop or pick one file or several (a project's parts); then the first's name, size and a real progress bar. */
function DropZone({ upload, onFiles, orderable }: { upload: DesignUpload; onFiles(files: File[]): void; orderable: boolean }) {
  const inputId = useId();
  const { over, dropProps } = useFileDrop((files) => onFiles([...files]));
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    onFiles([...(e.target.files ?? [])]);
    e.target.value = "";
  };
  if (upload.file && upload.phase !== "error") return <ChosenFile orderable={orderable} upload={upload} file={upload.file} />;
  return (
    <div className="mt-4">
      <div
        {...dropProps}
        className={`flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center ${over ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
      >
        <UploadIcon className="h-10 w-10 text-brand-600" />
        <p className="mt-3 font-medium text-slate-900">Drag and drop your 3D file here</p>
        <p className="text-sm text-slate-500">
          {uploadFormatsText()}, up to {MAX_UPLOAD_SIZE}
        </p>
        {/* The input is visually hidden; its label is the button people see, and shows the input's keyboard focus. */}
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          className="peer sr-only"
          onChange={onChange}
          aria-label="Choose a 3D design file"
        />
        <label
          htmlFor={inputId}
          className="mt-4 cursor-pointer rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        >
          Browse Files
        </label>
        {upload.phase === "error" && upload.error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {upload.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ChosenFile({ upload, file, orderable }: { upload: DesignUpload; file: File; orderable: boolean }) {
  const pct = Math.round(upload.progress * 100);
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{file.name}</p>
          <p className="text-sm text-slate-600">{mb(file.size)}</p>
        </div>
        <button
          type="button"
          onClick={upload.clear}
          aria-label="Remove file"
          className="rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100"
        >
          Remove
        </button>
      </div>
      {upload.phase === "uploading" ? (
        <div className="mt-3">
          <div className="flex justify-between text-sm text-slate-600">
            <span>Uploading...</span>
            <span>{pct}%</span>
          </div>
          <UploadProgressBar pct={pct} label="Upload progress" />
        </div>
      ) : orderable ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-700">
          <span aria-hidden="true">✓</span> File ready for submission
        </p>
      ) : (
        <p className="mt-3 text-sm font-medium text-amber-800">File uploaded, but our analysis could not read it</p>
      )}
    </div>
  );
}
