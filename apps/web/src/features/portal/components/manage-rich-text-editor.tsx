import { useEffect, useState, type ReactNode } from 'react';
import { Button, Divider, Input, Modal, Select, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useTranslation } from 'react-i18next';
import './manage-portal.css';

/** Headings the portal's sanitiser keeps (h1 is the page's own title). */
const LEVELS = [2, 3, 4] as const;
type Level = (typeof LEVELS)[number];

const isHttpUrl = (v: string) => /^https?:\/\/\S+$/i.test(v);
const isHttpsUrl = (v: string) => /^https:\/\/\S+$/i.test(v);

function ToolButton({
  title,
  icon,
  active,
  disabled,
  onClick,
  children,
}: {
  title: string;
  icon?: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        // Keep the editor's selection: a click on the toolbar would otherwise blur it first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Asks for one URL (a link's target or an image's address), checked before it reaches the editor. */
function UrlModal({
  open,
  title,
  initial,
  check,
  invalidText,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  initial: string;
  check: (v: string) => boolean;
  invalidText: string;
  onOk: (url: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  useEffect(() => setValue(initial), [initial, open]);
  const trimmed = value.trim();
  const invalid = trimmed !== '' && !check(trimmed);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: invalid }}
      onOk={() => onOk(trimmed)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input
        autoFocus
        value={value}
        placeholder="https://"
        status={invalid ? 'error' : undefined}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => !invalid && onOk(trimmed)}
        data-testid="rte-url-input"
      />
      {invalid && <div className="manage-rte-url-error">{invalidText}</div>}
    </Modal>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'link' | 'image' | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: LEVELS.find((level) => e.isActive('heading', { level })) ?? (0 as const),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="manage-rte-toolbar" role="toolbar" aria-label={t('portalManage.editor.toolbar')}>
      <Select<Level | 0>
        size="small"
        value={state.level}
        style={{ width: 104 }}
        aria-label={t('portalManage.editor.blockType')}
        onChange={(level) =>
          level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level }).run()
        }
        options={[
          { value: 0, label: t('portalManage.editor.paragraph') },
          ...LEVELS.map((level) => ({ value: level, label: t(`portalManage.editor.heading${level}`) })),
        ]}
        data-testid="rte-block-type"
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('portalManage.editor.bold')}
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        title={t('portalManage.editor.italic')}
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        title={t('portalManage.editor.underline')}
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        title={t('portalManage.editor.strike')}
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('portalManage.editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        title={t('portalManage.editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        title={t('portalManage.editor.blockquote')}
        active={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        “ ”
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        title={t('portalManage.editor.link')}
        icon={<LinkOutlined />}
        active={state.link}
        onClick={() => setAsking('link')}
      />
      <ToolButton
        title={t('portalManage.editor.unlink')}
        icon={<DisconnectOutlined />}
        disabled={!state.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <ToolButton
        title={t('portalManage.editor.image')}
        icon={<PictureOutlined />}
        onClick={() => setAsking('image')}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('portalManage.editor.clear')}
        icon={<ClearOutlined />}
        onClick={() => chain().unsetAllMarks().clearNodes().run()}
      />
      <ToolButton
        title={t('portalManage.editor.undo')}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        title={t('portalManage.editor.redo')}
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <UrlModal
        open={asking === 'link'}
        title={t('portalManage.editor.linkTitle')}
        initial={state.href}
        check={isHttpUrl}
        invalidText={t('portalManage.editor.linkInvalid')}
        onCancel={() => setAsking(null)}
        onOk={(href) => {
          setAsking(null);
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
      <UrlModal
        open={asking === 'image'}
        title={t('portalManage.editor.imageTitle')}
        initial=""
        check={isHttpsUrl}
        invalidText={t('portalManage.editor.imageInvalid')}
        onCancel={() => setAsking(null)}
        onOk={(src) => {
          setAsking(null);
          if (src) chain().setImage({ src }).run();
        }}
      />
    </div>
  );
}

/**
 * The rich-text body of a portal article, as an antd form control (`value` / `onChange` in HTML).
 *
 * Only what the server's sanitiser keeps can be made here: headings 2–4, bold, italic,
 * underline, strike, lists, quotes, http(s) links and images by an https address. Images are not
 * uploaded inline: a draft's files are not public, so an inline `/api/portal/files/{id}` would
 * show nothing until publication; a picture the reader needs is an attachment or the cover.
 * Whatever is pasted is still sent as it is parsed, and the server says when it removed
 * something (a pasted `<img onerror>` with a foreign address, say): the editor is no filter.
 */
export function ManageRichTextEditor({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (html: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [...LEVELS] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https'] },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'manage-rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('portalManage.article.body'),
        'data-testid': 'article-body-editor',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML()),
  });

  // A value set from outside (the article loaded, or the server's cleaned body after a save)
  // replaces the document; the editor's own changes come back equal and are left alone.
  // (StrictMode's second mount meets an editor its first unmount destroyed: leave that one be.)
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (value !== undefined && value !== null && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="manage-rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

export default ManageRichTextEditor;
