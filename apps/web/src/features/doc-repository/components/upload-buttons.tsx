import { Button, Space, Upload, type UploadProps } from 'antd';
import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What a folder picked from the desktop brings along that is no drawing: hidden and system files. */
const isSystemFile = (file: File) => /^(\.|thumbs\.db$|desktop\.ini$)/i.test(file.name);

/**
 * 上传文件 (several at once) and 上传文件夹 (every file of a folder and its subfolders, into the
 * chosen folder as they are: the subfolders are not recreated). Each choice reaches `onFiles`
 * once, as one list; antd's own upload and list stay out of the way, the queue sends the files.
 */
export function UploadButtons({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  // antd asks about each file of a choice with the whole choice: the first one hands it all over.
  const take: UploadProps['beforeUpload'] = (file, batch) => {
    if (file === batch[0]) {
      const files = batch.filter((f) => !isSystemFile(f));
      if (files.length) onFiles(files);
    }
    return Upload.LIST_IGNORE;
  };
  return (
    <Space size={8} wrap>
      <Upload multiple showUploadList={false} beforeUpload={take}>
        <Button type="primary" size="small" icon={<UploadOutlined />} data-testid="doc-upload">
          {t('docRepository.upload')}
        </Button>
      </Upload>
      <Upload directory showUploadList={false} beforeUpload={take}>
        <Button size="small" icon={<FolderOpenOutlined />} data-testid="doc-upload-folder">
          {t('docRepository.uploadFolder')}
        </Button>
      </Upload>
    </Space>
  );
}
