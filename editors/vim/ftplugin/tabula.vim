" tabula rule files: comments start with `;`, forms nest with parentheses,
" and :make checks the file (`tabula validate`, whose FILE:LINE:COL: messages
" Vim's default errorformat reads).
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

setlocal comments=:; commentstring=;\ %s
setlocal iskeyword=@,48-57,_,-,.,+
setlocal lisp
setlocal expandtab shiftwidth=2 softtabstop=2
setlocal makeprg=tabula\ validate\ %:S

let b:undo_ftplugin = "setlocal comments< commentstring< iskeyword< lisp< expandtab< shiftwidth< softtabstop< makeprg<"
