// Command hello is the floor permgate's start-up is measured against: a
// static Go program that prints one line (scripts/speed.sh builds it as
// permgate is built).
package main

import "fmt"

func main() { fmt.Println("hello") }
