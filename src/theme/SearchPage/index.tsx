// Swizzle wrap of @theme/SearchPage: asks the Layout wrapper for the <main> landmark the plugin's results page does not render.
import type { ReactNode } from 'react';
import SearchPage from '@theme-original/SearchPage';
import { MainLandmarkRequest } from '../Layout';

export default function SearchPageWrapper(): ReactNode {
  return (
    <MainLandmarkRequest.Provider value={true}>
      <SearchPage />
    </MainLandmarkRequest.Provider>
  );
}
