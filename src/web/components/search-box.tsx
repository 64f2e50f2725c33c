import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FaSearch } from 'react-icons/fa';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../i18n';
import { paths } from '../paths';

/** Empty submit goes home; otherwise /search/{trimmed keyword} (SPEC.md §2). */
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
    <Form onSubmit={submit} className="d-flex flex-grow-1 my-2 my-lg-0" role="search">
      <Form.Control
        type="search"
        name="q"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t.common.searchPlaceholder}
        aria-label={t.common.searchLabel}
        maxLength={100}
        className="me-2"
      />
      <Button type="submit" variant="outline-light" aria-label={t.common.search}>
        <FaSearch aria-hidden />
      </Button>
    </Form>
  );
}
