import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';

/*
 * The blog editor (issue 17 point 2): TipTap (ProseMirror) with only what the public blog page's
 * HTML allow-list keeps — headings, paragraphs, bold, italic, lists, quotes, code, rules, links and
 * images (no underline, strike-through or colours: the server would drop them). The server cleans
 * what is saved anyway; the editor simply offers nothing it would throw away.
 *
 * Accessible: a labelled toolbar of buttons, each with its name, its shortcut (`aria-keyshortcuts`)
 * and, for formats, whether it is on (`aria-pressed`); arrow keys move along the toolbar; the
 * editing area is a labelled multi-line textbox. Links and images are added in a small inline form
 * (no browser prompt).
 */

const MOD =
  typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform) ? 'Meta' : 'Control';

interface Tool {
  name: string;
  label: string;
  /** Shown in the button (short). */
  glyph: string;
  shortcut?: string;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: readonly Tool[] = [
  {
    name: 'bold',
    label: 'Bold',
    glyph: 'B',
    shortcut: `${MOD}+B`,
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    glyph: 'I',
    shortcut: `${MOD}+I`,
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'h2',
    label: 'Heading 2',
    glyph: 'H2',
    shortcut: `${MOD}+Alt+2`,
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'h3',
    label: 'Heading 3',
    glyph: 'H3',
    shortcut: `${MOD}+Alt+3`,
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: 'bulletList',
    label: 'Bulleted list',
    glyph: '• List',
    shortcut: `${MOD}+Shift+8`,
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'orderedList',
    label: 'Numbered list',
    glyph: '1. List',
    shortcut: `${MOD}+Shift+7`,
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: 'blockquote',
    label: 'Quote',
    glyph: '❝',
    shortcut: `${MOD}+Shift+B`,
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    name: 'codeBlock',
    label: 'Code block',
    glyph: '</>',
    shortcut: `${MOD}+Alt+C`,
    isActive: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    name: 'rule',
    label: 'Horizontal rule',
    glyph: '—',
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
  {
    name: 'undo',
    label: 'Undo',
    glyph: '↶',
    shortcut: `${MOD}+Z`,
    run: (e) => e.chain().focus().undo().run(),
  },
  {
    name: 'redo',
    label: 'Redo',
    glyph: '↷',
    shortcut: `${MOD}+Shift+Z`,
    run: (e) => e.chain().focus().redo().run(),
  },
];

type Inserting = 'link' | 'image' | null;

interface ToolButton {
  label: string;
  shortcut?: string | undefined;
  pressed?: boolean | undefined;
  onClick: () => void;
}

/** Addresses the public page keeps: https, or a path on the site. */
const SAFE_URL = /^(https:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;

export interface RichTextEditorProps {
  label: string;
  /** The HTML to start from (read once, when the editor is made). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | undefined;
}

/** A labelled rich-text field giving HTML, for the blog form. */
export function RichTextEditor({ label, value, onChange, onBlur, hint, error }: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  // The editor is made once; its handlers call the latest props through these.
  const changed = useRef(onChange);
  const blurred = useRef(onBlur);
  useLayoutEffect(() => {
    changed.current = onChange;
    blurred.current = onBlur;
  });
  const [inserting, setInserting] = useState<Inserting>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: [],
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
          isAllowedUri: (url) => SAFE_URL.test(url),
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text__area',
      },
      handleKeyDown: (_view, event) => {
        // Mod-K: add or change a link, like most editors.
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setInserting('link');
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => blurred.current?.(),
  });

  // The error and hint are described on the editing area as they come and go.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          class: 'rich-text__area',
        },
      },
    });
  }, [editor, labelId, describedBy, error]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.isActive?.(e) ?? false])) as Record<
        string,
        boolean
      >,
  });

  return (
    <div className={error ? 'form-field form-field--invalid rich-text' : 'form-field rich-text'}>
      <span className="form-field__label" id={labelId}>
        {label}
      </span>
      <Toolbar
        label={`${label} formatting`}
        editor={editor}
        active={active}
        inserting={inserting}
        onInsert={setInserting}
      />
      {inserting ? (
        <InsertForm
          kind={inserting}
          editor={editor}
          onDone={() => {
            setInserting(null);
            editor.commands.focus();
          }}
        />
      ) : null}
      <EditorContent editor={editor} className="rich-text__frame" />
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId}>
          <span aria-hidden="true" className="form-field__error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toolbar({
  label,
  editor,
  active,
  inserting,
  onInsert,
}: {
  label: string;
  editor: Editor;
  active: Record<string, boolean>;
  inserting: Inserting;
  onInsert: (kind: Inserting) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // One tab stop; arrow keys, Home and End move along the toolbar (WAI-ARIA toolbar pattern).
  const [focused, setFocused] = useState(0);
  const count = TOOLS.length + 2;
  const move = (event: KeyboardEvent) => {
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % count,
      ArrowLeft: (i) => (i - 1 + count) % count,
      Home: () => 0,
      End: () => count - 1,
    };
    const next = keys[event.key];
    if (!next) return;
    event.preventDefault();
    const index = next(focused);
    setFocused(index);
    ref.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  const button = (index: number, name: string, text: string, props: ToolButton) => (
    <button
      key={name}
      type="button"
      className="rich-text__tool"
      tabIndex={focused === index ? 0 : -1}
      onFocus={() => setFocused(index)}
      aria-label={props.label}
      title={props.shortcut ? `${props.label} (${props.shortcut.replace('Control', 'Ctrl')})` : props.label}
      aria-keyshortcuts={props.shortcut}
      aria-pressed={props.pressed}
      onClick={props.onClick}
    >
      <span aria-hidden="true">{text}</span>
    </button>
  );
  return (
    <div ref={ref} role="toolbar" aria-label={label} className="rich-text__toolbar" onKeyDown={move}>
      {TOOLS.map((tool, index) =>
        button(index, tool.name, tool.glyph, {
          label: tool.label,
          shortcut: tool.shortcut,
          pressed: tool.isActive ? active[tool.name] === true : undefined,
          onClick: () => tool.run(editor),
        }),
      )}
      {button(TOOLS.length, 'link', 'Link', {
        label: 'Link',
        shortcut: `${MOD}+K`,
        pressed: inserting === 'link',
        onClick: () => onInsert(inserting === 'link' ? null : 'link'),
      })}
      {button(TOOLS.length + 1, 'image', 'Image', {
        label: 'Image',
        pressed: inserting === 'image',
        onClick: () => onInsert(inserting === 'image' ? null : 'image'),
      })}
    </div>
  );
}

/** The small form that adds a link (to the selection) or an image (at the cursor). */
function InsertForm({
  kind,
  editor,
  onDone,
}: {
  kind: 'link' | 'image';
  editor: Editor;
  onDone: () => void;
}) {
  const id = useId();
  const current = kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '';
  const [url, setUrl] = useState(current);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const address = url.trim();
    if (kind === 'link' && address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    if (!SAFE_URL.test(address)) {
      setProblem('Address must start with https:// or be a path starting with /.');
      return;
    }
    if (kind === 'link') editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    else editor.chain().focus().setImage({ src: address, alt: alt.trim() }).run();
    onDone();
  };

  // Not a nested <form> (this sits inside the blog's form): Enter applies, Escape cancels.
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') apply(event);
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <div
      className="rich-text__insert"
      role="group"
      aria-label={kind === 'link' ? 'Add a link' : 'Add an image'}
    >
      <label htmlFor={`${id}-url`}>{kind === 'link' ? 'Link address' : 'Image address'}</label>
      <input
        ref={input}
        id={`${id}-url`}
        className="form-field__input"
        type="url"
        value={url}
        placeholder="https://"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={keys}
      />
      {kind === 'image' ? (
        <>
          <label htmlFor={`${id}-alt`}>Image description (alt text)</label>
          <input
            id={`${id}-alt`}
            className="form-field__input"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            onKeyDown={keys}
          />
        </>
      ) : null}
      <button type="button" className="button button--primary button--small" onClick={apply}>
        {kind === 'link' ? (current ? 'Update link' : 'Add link') : 'Add image'}
      </button>
      <button type="button" className="button button--quiet button--small" onClick={onDone}>
        Cancel
      </button>
      {problem ? (
        <p className="form-field__error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
