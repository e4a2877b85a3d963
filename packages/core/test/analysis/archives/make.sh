#!/bin/sh
# Makes the archives in this folder with the real tools (Debian bookworm: python3 3.11, zip 3.0, p7zip 16.02).
set -e
out=$1
tmp=$(mktemp -d)
python3 - "$tmp" <<'PY'
import sys, os, io, zipfile
d = sys.argv[1]
verts = [(0,0,0),(20,0,0),(20,20,0),(0,20,0),(0,0,20),(20,0,20),(20,20,20),(0,20,20)]
quads = [(0,3,2,1),(4,5,6,7),(0,1,5,4),(2,3,7,6),(1,2,6,5),(3,0,4,7)]
tris = [t for a,b,c,e in quads for t in ((a,b,c),(a,c,e))]
vx = ''.join(f'<vertex x="{x}" y="{y}" z="{z}"/>' for x,y,z in verts)
tx = ''.join(f'<triangle v1="{a}" v2="{b}" v3="{c}"/>' for a,b,c in tris)
# the comment makes the model larger than the whole archive once deflated (as real models are)
model = ('<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">'
  f'<resources><object id="1" type="model"><mesh><vertices>{vx}</vertices><triangles>{tx}</triangles></mesh></object></resources>'
  '<build><item objectid="1"/></build></model><!--' + 'a 20 mm cube ' * 300 + '-->')
rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
  '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>')
ct = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
  '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>')
files = [('[Content_Types].xml', ct), ('_rels/.rels', rels), ('3D/3dmodel.model', model)]
os.makedirs(f'{d}/src/_rels'); os.makedirs(f'{d}/src/3D')
for n, s in files: open(f'{d}/src/{n}', 'w').write(s)
class Stream(io.RawIOBase):
  def __init__(s): s.b = bytearray()
  def writable(s): return True
  def write(s, b): s.b += b; return len(b)
for comp, tag in [(zipfile.ZIP_DEFLATED, 'deflated'), (zipfile.ZIP_STORED, 'stored')]:
  with zipfile.ZipFile(f'{d}/python-force-zip64-{tag}.3mf', 'w', comp) as z:
    for n, s in files:
      with z.open(n, 'w', force_zip64=True) as f: f.write(s.encode())
  st = Stream()
  with zipfile.ZipFile(st, 'w', comp) as z:
    for n, s in files:
      with z.open(n, 'w', force_zip64=True) as f: f.write(s.encode())
  open(f'{d}/python-force-zip64-stream-{tag}.3mf', 'wb').write(st.b)
PY
cd "$tmp/src"
zip -q -X -fz ../infozip-fz.3mf '[Content_Types].xml' _rels/.rels 3D/3dmodel.model
zip -q -X -fz - '[Content_Types].xml' _rels/.rels 3D/3dmodel.model | cat > ../infozip-fz-pipe.3mf
zip -q -X -0 -fz ../infozip-fz-stored.3mf '[Content_Types].xml' _rels/.rels 3D/3dmodel.model
7z a -tzip ../7zip.3mf '[Content_Types].xml' _rels 3D > /dev/null
7z a -tzip -mx0 ../7zip-stored.3mf '[Content_Types].xml' _rels 3D > /dev/null
cd ..
cp *.3mf "$out"/
rm -rf "$tmp"
