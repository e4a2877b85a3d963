import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PhotoUploader } from "../src/components/photos/PhotoUploader";

/**
 * The photo field refuses what the server would refuse before sending anything (the server checks
 * the stored bytes again): a renamed text file by its first bytes, a type it does not take, a file
 * over 10 MB. The whole path (upload, processing, thumbnails) runs in the browser journeys.
 */
describe("the photo field", () => {
  afterEach(() => vi.unstubAllGlobals());

  const setup = () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 500 }));
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => undefined }));
    const onChange = vi.fn();
    render(<PhotoUploader purpose="verification" min={2} onChange={onChange} />);
    return { fetchMock, onChange, user: userEvent.setup({ applyAccept: false }) };
  };

  it("is labelled Photos, says what it takes, and refuses a text file named photo.jpg by its bytes, sending nothing", async () => {
    const { fetchMock, onChange, user } = setup();
    const input = screen.getByLabelText("Photos");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    expect(input).toHaveAccessibleDescription(/At least 2, up to 10 photos: JPEG, PNG or WebP, at most 10 MB each/);
    await user.upload(input, new File(["Dear diary, not an image"], "photo.jpg", { type: "image/jpeg" }));
    expect(
      await screen.findByText("This file is not a JPEG, PNG or WebP image, whatever its name says. Please choose a photo."),
    ).toBeInTheDocument();
    expect(screen.getByText("Not added")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith([]);

    await user.click(screen.getByRole("button", { name: "Remove photo.jpg" }));
    expect(screen.queryByText("Not added")).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it.each([
    ["a GIF", new File(["GIF89a"], "anim.gif", { type: "image/gif" }), "Photos must be JPEG, PNG or WebP images."],
    ["over 10 MB", new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }), "Photos can be at most 10 MB."],
  ])("refuses %s in the registry's words", async (_, file, message) => {
    const { fetchMock, user } = setup();
    await user.upload(screen.getByLabelText("Photos"), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
