// Wraps the local-search results page because it renders no <main> landmark; it asks the Layout wrapper for one.
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
