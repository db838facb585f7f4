import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { App, Button, Divider, Dropdown, Input, Modal, Switch, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { uploadContentImage } from '../api/content-actions';
import './rich-text-editor.css';

/**
 * The console's rich-text editor for articles, literature and pages (TipTap): headings, lists,
 * links, tables and pictures uploaded through /manage/v1/contents/images. It edits HTML, as the
 * server stores it; the server sanitizes on save and the storefront again on display (see
 * docs/catalogue.md). A 源码 switch shows the HTML itself. Loaded lazily, only where text is
 * edited, so the rest of the console does not carry it.
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

/** TipTap answers an empty document as one empty paragraph; the form keeps it as ''. */
const EMPTY = '<p></p>';
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** Link addresses the editor accepts: shop paths, web addresses, mail and phone. */
const LINK_RE = /^(\/[^\s]*|https?:\/\/[^\s]+|mailto:[^\s]+|tel:[\d+\-\s]+)$/;

export default function RichTextEditor({ value = '', onChange, id }: RichTextEditorProps) {
  const { message } = App.useApp();
  const [source, setSource] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // The editor keeps its first onUpdate; it reaches the form's latest onChange through this.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image,
      TableKit.configure({ table: { resizable: false } }),
      Placeholder.configure({ placeholder: '请输入正文' }),
    ],
    content: value || EMPTY,
    onUpdate: ({ editor: e }) => onChangeRef.current?.(htmlOf(e)),
  });

  // The form may set a value from outside (opening another article): show it unless it is
  // what the editor already holds.
  useEffect(() => {
    if (editor.isDestroyed || htmlOf(editor) === value) return;
    editor.commands.setContent(value || EMPTY, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();

  const openLink = () => {
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') {
      chain().extendMarkRange('link').unsetLink().run();
    } else if (!LINK_RE.test(href)) {
      void message.error('链接地址应以 /、http(s)://、mailto: 或 tel: 开头');
      return;
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link text.
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadContentImage(file);
      chain()
        .setImage({ src, alt: file.name.replace(/\.\w+$/, '') })
        .run();
    } catch {
      // The client has shown the server's message.
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const tool = (
    label: string,
    icon: ReactNode,
    run: () => void,
    active = false,
    disabled = false,
  ) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={source || disabled}
        onClick={run}
      />
    </Tooltip>
  );
  const heading = (level: 0 | 1 | 2 | 3) => {
    const label = level === 0 ? '正文' : `标题 ${level}`;
    return (
      <Button
        key={label}
        size="small"
        type={state.heading === level ? 'primary' : 'text'}
        aria-pressed={state.heading === level}
        disabled={source}
        onClick={() =>
          level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level }).run()
        }
      >
        {level === 0 ? '正文' : `H${level}`}
      </Button>
    );
  };

  const tableItems = [
    { key: 'insert', label: '插入表格（3×3，含表头）' },
    { type: 'divider' as const },
    { key: 'addRowAfter', label: '在下方插入行', disabled: !state.table },
    { key: 'addColumnAfter', label: '在右侧插入列', disabled: !state.table },
    { key: 'deleteRow', label: '删除当前行', disabled: !state.table },
    { key: 'deleteColumn', label: '删除当前列', disabled: !state.table },
    { key: 'toggleHeaderRow', label: '切换表头行', disabled: !state.table },
    { key: 'deleteTable', label: '删除表格', danger: true, disabled: !state.table },
  ];
  const onTable = (key: string) => {
    const c = chain();
    if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    else if (key === 'addRowAfter') c.addRowAfter().run();
    else if (key === 'addColumnAfter') c.addColumnAfter().run();
    else if (key === 'deleteRow') c.deleteRow().run();
    else if (key === 'deleteColumn') c.deleteColumn().run();
    else if (key === 'toggleHeaderRow') c.toggleHeaderRow().run();
    else if (key === 'deleteTable') c.deleteTable().run();
  };

  return (
    <div id={id} data-testid="rich-text-editor">
      <div className="rte-toolbar" role="toolbar" aria-label="正文格式">
        {heading(0)}
        {heading(1)}
        {heading(2)}
        {heading(3)}
        <Divider type="vertical" />
        {tool('加粗', <BoldOutlined />, () => chain().toggleBold().run(), state.bold)}
        {tool('斜体', <ItalicOutlined />, () => chain().toggleItalic().run(), state.italic)}
        {tool(
          '下划线',
          <UnderlineOutlined />,
          () => chain().toggleUnderline().run(),
          state.underline,
        )}
        {tool(
          '删除线',
          <StrikethroughOutlined />,
          () => chain().toggleStrike().run(),
          state.strike,
        )}
        <Divider type="vertical" />
        {tool(
          '无序列表',
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          state.bulletList,
        )}
        {tool(
          '有序列表',
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          state.orderedList,
        )}
        <Divider type="vertical" />
        {tool('链接', <LinkOutlined />, openLink, state.link)}
        <Tooltip title="插入图片">
          <Button
            size="small"
            type="text"
            aria-label="插入图片"
            icon={<PictureOutlined />}
            loading={uploading}
            disabled={source}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          data-testid="rte-image-input"
          onChange={(e) => void pickImage(e.target.files?.[0])}
        />
        <Dropdown
          trigger={['click']}
          disabled={source}
          menu={{ items: tableItems, onClick: ({ key }) => onTable(key) }}
        >
          <Button size="small" type={state.table ? 'primary' : 'text'} icon={<TableOutlined />}>
            表格
          </Button>
        </Dropdown>
        <Divider type="vertical" />
        {tool('撤销', <UndoOutlined />, () => chain().undo().run(), false, !state.canUndo)}
        {tool('重做', <RedoOutlined />, () => chain().redo().run(), false, !state.canRedo)}
        <span style={{ marginLeft: 'auto' }}>
          <Switch size="small" checked={source} onChange={setSource} aria-label="HTML 源码" /> 源码
        </span>
      </div>
      {source ? (
        <Input.TextArea
          className="rte-source"
          aria-label="HTML 源码"
          rows={14}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
        />
      ) : (
        <EditorContent editor={editor} className="rte-surface" />
      )}
      <Modal
        title="链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="链接地址"
          placeholder="/products 或 https://…；留空则移除链接"
          value={linkHref}
          onChange={(e) => setLinkHref(e.target.value)}
          onPressEnter={applyLink}
        />
      </Modal>
    </div>
  );
}
