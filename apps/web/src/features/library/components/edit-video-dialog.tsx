import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TextLimits, validateVideoDetails } from '@filmroom/contract';
import { TextField } from '../../../components/text-field.js';
import { notify } from '../../../lib/notifier.js';
import { useEditVideo } from '../api/edit-video.js';
import { NotesField } from '../../../components/notes-field.js';

/** What the dialog needs of a video; an upload still being processed has no description yet. */
export interface EditableVideo {
  id: string;
  title: string;
  description?: string;
  notes?: string;
}

interface EditVideoDialogProps {
  video: EditableVideo | undefined;
  onHide(): void;
}

/** Edit video details (spec §2, 45vw): name and description required, notes private. */
export function EditVideoDialog({ video, onHide }: EditVideoDialogProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const edit = useEditVideo();

  useEffect(() => {
    if (!video) return;
    setTitle(video.title ?? '');
    setDescription(video.description ?? '');
    setNotes(video.notes ?? '');
  }, [video]);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!video) return;
    const failures = validateVideoDetails({ title, description, notes });
    if (failures.length > 0) {
      notify.errors(failures);
      return;
    }
    edit.mutate(
      {
        videoId: video.id,
        title: title.trim(),
        description: description.trim(),
        notes: notes.trim(),
      },
      { onSuccess: onHide },
    );
  }

  return (
    <Dialog
      header="Edit Video Details"
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '45vw' }}
      breakpoints={{ '960px': '90vw' }}
      className="edit-video-dialog"
    >
      <form className="form" onSubmit={save} noValidate>
        <TextField
          id="edit-video-name"
          label="Video Name"
          value={title}
          onChange={setTitle}
          maxLength={TextLimits.videoTitle}
        />
        <TextField
          id="edit-video-description"
          label="Video Description"
          value={description}
          onChange={setDescription}
          maxLength={TextLimits.videoDescription}
        />
        <NotesField id="edit-video-notes" value={notes} onChange={setNotes} />
        <div className="form__actions">
          <Button type="button" label="Cancel" outlined onClick={onHide} />
          <Button type="submit" label="Save" loading={edit.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
