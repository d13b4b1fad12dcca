package genproj

//go:generate go run ./gen.go -out=$GOFILE.txt
