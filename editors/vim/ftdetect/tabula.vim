" tabula rule files: *.game
autocmd BufRead,BufNewFile *.game setfiletype tabula
