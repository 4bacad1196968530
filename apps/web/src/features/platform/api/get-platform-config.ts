import { useQuery } from '@tanstack/react-query';
import { platformConfigQuery } from '../../../lib/platform-config';

export { platformConfigQuery };

export const usePlatformConfig = () => useQuery(platformConfigQuery);
