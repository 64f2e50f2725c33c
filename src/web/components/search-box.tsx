import { useState, type FormEvent } from 'react';
import { FaSearch } from 'react-icons/fa';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../i18n';
import { paths } from '../paths';

/** Empty submit goes home; otherwise /search/{trimmed keyword} (docs/screens.md). */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const { keyword: current = '' } = useParams();
  const [keyword, setKeyword] = useState(current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    navigate(trimmed ? paths.search(trimmed) : paths.home);
  };

  return (
    <form onSubmit={submit} className="d-flex flex-grow-1 my-2 my-lg-0" role="search">
      <input
        type="search"
        name="q"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t.common.searchPlaceholder}
        aria-label={t.common.searchLabel}
        maxLength={100}
        className="form-control me-2"
      />
      <button type="submit" className="btn btn-outline-light" aria-label={t.common.search}>
        <FaSearch aria-hidden />
      </button>
    </form>
  );
}
