// react-toastify with its styles, loaded together on the first message (notify.tsx).
import 'react-toastify/dist/ReactToastify.css';

export { toast, ToastContainer } from 'react-toastify';
