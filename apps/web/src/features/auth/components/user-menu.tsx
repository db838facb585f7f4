import { Link } from 'react-router';

/** Top-bar account links: login / register for visitors; replaced by the user dropdown for members. */
export function UserMenu() {
  return (
    <span className="flex items-center gap-3">
      <Link to="/login" className="hover:text-primary">
        登录
      </Link>
      <Link to="/login?isRegister=1" className="hover:text-primary">
        注册
      </Link>
    </span>
  );
}
