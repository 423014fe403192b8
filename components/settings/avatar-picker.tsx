"use client";

import { useEffect, useRef, useState } from "react";
import { Camera, Loader2, Trash2 } from "lucide-react";
import { UserAvatar } from "@/components/auth/user-avatar";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { UserDto } from "@/lib/accounts/user-dto";
import { ApiError, api } from "@/lib/client/api";
import { appendImage } from "@/lib/client/image-upload";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import { checkImageFile } from "@/lib/images/image-rules";
import { ImageFileInput } from "@/components/ui/image-file-input";
import { settingsStrings } from "@/lib/strings/settings";

const strings = { settings: settingsStrings };

const s = strings.settings;

/**
 * The profile photo: choosing a file uploads it at once. The preview shows the
 * chosen file straight away and goes back to the previous photo if the upload
 * fails. 'Remover' only clears the preview here (product-spec.md §2).
 */
export function AvatarPicker({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const [preview, setPreview] = useState<string | null>(avatarUrl);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const localUrl = useRef<string | null>(null);
  const refreshUser = useRefreshCurrentUser();

  const forgetLocal = () => {
    if (localUrl.current) URL.revokeObjectURL(localUrl.current);
    localUrl.current = null;
  };
  useEffect(() => forgetLocal, []);

  async function upload(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      toast({ variant: "destructive", title: problem.title, description: problem.description });
      return;
    }
    const previous = preview;
    forgetLocal();
    localUrl.current = URL.createObjectURL(file);
    setPreview(localUrl.current);
    setUploading(true);
    try {
      const form = new FormData();
      await appendImage(form, "avatar", file);
      const { user } = await api<{ user: UserDto }>("/api/user/avatar", { body: form });
      setPreview(user.avatarUrl);
      forgetLocal();
      toast({ title: s.avatarSuccess });
      await refreshUser(user);
    } catch (error) {
      setPreview(previous);
      forgetLocal();
      toast({
        variant: "destructive",
        title: s.avatarFailed,
        description: error instanceof ApiError && error.status < 500 ? error.message : s.avatarFailedInternal,
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
      <div className="relative">
        <UserAvatar name={name} src={preview} className="size-24 text-2xl ring-4 ring-background shadow-md" />
        {uploading ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white">
            <Loader2 className="size-6 animate-spin" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="grid w-full gap-3 text-center sm:text-left">
        <p className="text-sm text-muted-foreground" id="avatar-hint">
          {s.photoHint}
        </p>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <ImageFileInput ref={input} id="avatar-file" aria-label={s.choosePhoto} aria-describedby="avatar-hint" onFile={(file) => void upload(file)} />
          <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={uploading}>
            {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Camera aria-hidden="true" />}
            {uploading ? s.uploadingPhoto : preview ? s.changePhoto : s.choosePhoto}
          </Button>
          {preview && !uploading ? (
            <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
              <Trash2 aria-hidden="true" />
              {s.removePhoto}
            </Button>
          ) : null}
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {uploading ? s.uploadingPhoto : ""}
        </p>
      </div>
    </div>
  );
}
