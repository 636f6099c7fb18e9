# Turns a catc diff Markdown comment into a GitHub-like HTML page
# (pandoc for the Markdown, a few rewrites for alerts and diff colours).
# Usage: mkhtml.py COMMENT.md OUT.html STYLE.css
import subprocess, re, sys
md=open(sys.argv[1]).read()
body=subprocess.run(['pandoc','-f','gfm','-t','html5','--no-highlight','--wrap=none'],input=md.encode(),capture_output=True,check=True).stdout.decode()
for tag,title in (('WARNING','⚠ Warning'),('CAUTION','⛔ Caution'),('NOTE','ⓘ Note')):
    body=body.replace('[!%s]'%tag,'<span class="alert-title">%s</span><br>'%title)
def color(m):
    out=[]
    for l in m.group(2).split('\n'):
        cls={'+':'diff-add','-':'diff-del','!':'diff-chg'}.get(l[:1])  # what GitHub colours
        out.append('<span class="%s">%s</span>'%(cls,l) if cls else l)
    return m.group(1)+'\n'.join(out)+'</code>'
body=re.sub(r'(<pre class="diff"><code>)(.*?)</code>', color, body, flags=re.S)
page='''<!doctype html><html><head><meta charset="utf-8"><style>%s</style></head><body>
<div class="comment"><div class="comment-header"><b>github-actions</b> bot commented</div><div class="comment-body">%s</div></div></body></html>'''%(open(sys.argv[3]).read(), body)
open(sys.argv[2],'w').write(page)
