/**
 * What `GET /server/logout` answers: one button that posts the sign-out to this site (the POST checks
 * Sec-Fetch-Site / Origin). No script and no inline style, so a strict Content-Security-Policy allows
 * it; both languages, since the page knows none.
 */
export const logoutPageHtml = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign out · 退出登录</title></head>
<body>
<form method="post" action="/server/logout">
<p>Sign out of the energy platform? · 退出能源平台？</p>
<button type="submit" autofocus>Sign out · 退出登录</button>
</form>
<p><a href="/">Cancel · 取消</a></p>
</body>
</html>
`;
